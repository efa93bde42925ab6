import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, jobTeamMembers, outboxEmails } from '@hirecast/db/schema';
import { addMember, createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { messages } from '@hirecast/domain/messages';
import { teamMessages } from '@hirecast/domain/team';
import { hashToken } from '../../../src/lib/tokens.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

type TActor = { token: string; company: { id: string }; user: { id: string; email: string } };
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name = 'person') => `${name}-${++n}-${Date.now() % 100000}@hirecast-test.com`;
const headers = (actor: TActor) => ({ ...bearer(actor.token), 'x-company-id': actor.company.id });
const call = (actor: TActor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers(actor),
    ...(payload !== undefined && { payload: payload as object }),
  });
const team = (actor: TActor, jobId: string) => call(actor, 'GET', `/api/job/${jobId}/team`);
const invite = (actor: TActor, jobId: string, members: unknown) =>
  call(actor, 'POST', `/api/job/${jobId}/team`, { members });
const patchMember = (actor: TActor, jobId: string, memberId: string, payload: unknown) =>
  call(actor, 'PATCH', `/api/job/${jobId}/team/${memberId}`, payload);
const removeMember = (actor: TActor, jobId: string, memberId: string) =>
  call(actor, 'DELETE', `/api/job/${jobId}/team/${memberId}`);

const rows = (jobId: string) => t.db.select().from(jobTeamMembers).where(eq(jobTeamMembers.jobId, jobId));
const invitationFor = async (companyId: string, email: string) =>
  (
    await t.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email)))
  )[0];
const lastEmailTo = async (to: string) =>
  (
    await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, to))
      .orderBy(desc(outboxEmails.createdAt))
  )[0];
const emailsTo = async (to: string) =>
  (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).length;
const codeIn = (text: string) => /\/accept-invite\/([\w-]+)/.exec(text)?.[1];
/** Pretends the last invitation went out 31 s ago (spec 1 §9 resend gap 30 s). */
const age = async (jobId: string, email: string, companyId: string) => {
  const past = new Date(Date.now() - 31_000);
  await t.db
    .update(jobTeamMembers)
    .set({ lastInvitationDate: past })
    .where(and(eq(jobTeamMembers.jobId, jobId), eq(jobTeamMembers.email, email)));
  await t.db
    .update(companyInvitations)
    .set({ lastInvitationDate: past })
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email)));
};

async function setup(role: 0 | 1 | 2 = 2) {
  const actor = await companyWithMember(t.db, role);
  const job = await createJob(t.db, { companyId: actor.company.id, title: 'Head Chef' });
  return { actor, job };
}
async function colleague(companyId: string, role: 0 | 1 | 2, email = uniqueEmail('colleague')) {
  const member = await signedInUser(t.db, { email, firstName: 'Cora', lastName: 'Lee' });
  await addMember(t.db, { companyId, userId: member.user.id, role });
  return { ...member, company: { id: companyId } };
}

describe('POST /api/job/:id/team', () => {
  it('invites a new email to the company, then to the job, and emails a link whose code is stored hashed', async () => {
    const { actor, job } = await setup();
    const email = uniqueEmail('new');
    const res = await invite(actor, job.id, [{ email: `  ${email.toUpperCase()} ` }]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.message).toBe(`Invitation to ${email} is sent`);
    expect(data.members).toEqual([
      {
        _id: expect.any(String) as string,
        email,
        type: 0,
        _manager: null,
        lastInvitationDate: expect.any(String) as string,
      },
    ]);
    const invitation = await invitationFor(actor.company.id, email);
    expect(invitation).toMatchObject({ jobId: job.id, type: 0, acceptedAt: null, invitedBy: actor.user.id });
    const days = (invitation!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await lastEmailTo(email);
    expect(mail!.subject).toContain('You are invited to join');
    const code = codeIn(mail!.text)!;
    expect(mail!.text).toContain(`http://localhost:3000/accept-invite/${code}`);
    expect(invitation!.codeHash).toBe(hashToken(code));
    expect(invitation!.codeHash).not.toContain(code);
    expect((await rows(job.id))[0]).toMatchObject({
      invitationId: invitation!.id,
      userId: null,
      companyId: actor.company.id,
    });
  });

  it('adds a company member to the job directly, with their name, and tells them', async () => {
    const { actor, job } = await setup();
    const member = await colleague(actor.company.id, 1);
    const res = await invite(actor, job.id, [{ email: member.user.email, type: 1 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.members).toEqual([
      expect.objectContaining({
        email: member.user.email,
        type: 1,
        _manager: { firstName: 'Cora', lastName: 'Lee', email: member.user.email },
      }),
    ]);
    expect(await invitationFor(actor.company.id, member.user.email)).toBeUndefined();
    const mail = await lastEmailTo(member.user.email);
    expect(mail!.text).toContain(`http://localhost:3000/jobs/${job.id}/edit?tab=team`);
    expect(mail!.subject).toBe('You have been added to the Head Chef team');
  });

  it('invites several at once and names them all; GET lists them for anyone of the company', async () => {
    const { actor, job } = await setup();
    const [a, b] = [uniqueEmail('a'), uniqueEmail('b')];
    const res = await invite(actor, job.id, [{ email: a }, { email: b, type: 1 }]);
    expect(res.json().data.message).toBe(`Invitation to ${a}, ${b} is sent`);
    const viewer = await colleague(actor.company.id, 0);
    const listed = await team(viewer, job.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((m: { email: string; type: number }) => [m.email, m.type])).toEqual([
      [a, 0],
      [b, 1],
    ]);
  });

  it("rejects duplicates in the list with 'This email is already in the list!' and stores nothing", async () => {
    const { actor, job } = await setup();
    const email = uniqueEmail();
    const res = await invite(actor, job.id, [{ email }, { email: email.toUpperCase() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(jobMessages.duplicateEmail);
    expect(await rows(job.id)).toEqual([]);
    expect(await emailsTo(email)).toBe(0);
  });

  it('answers 409 for someone already on the job team', async () => {
    const { actor, job } = await setup();
    const member = await colleague(actor.company.id, 0);
    await invite(actor, job.id, [{ email: member.user.email }]);
    const again = await invite(actor, job.id, [{ email: member.user.email }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(jobMessages.duplicateEmail);
  });

  it('resends a pending invitation at most once per 30 s, with a new code', async () => {
    const { actor, job } = await setup();
    const email = uniqueEmail('resend');
    await invite(actor, job.id, [{ email }]);
    const firstHash = (await invitationFor(actor.company.id, email))!.codeHash;
    const soon = await invite(actor, job.id, [{ email }]);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toBe(jobMessages.inviteTooSoon);
    expect(await emailsTo(email)).toBe(1);
    await age(job.id, email, actor.company.id);
    const later = await invite(actor, job.id, [{ email }]);
    expect(later.statusCode).toBe(201);
    expect(later.json().data.message).toBe(`Invitation to ${email} is sent`);
    expect(await emailsTo(email)).toBe(2);
    const invitation = await invitationFor(actor.company.id, email);
    expect(invitation!.codeHash).not.toBe(firstHash);
    expect(invitation!.codeHash).toBe(hashToken(codeIn((await lastEmailTo(email))!.text)!));
    expect(await rows(job.id)).toHaveLength(1);
  });

  it('issues a fresh company invitation on resend when the old one is gone', async () => {
    const { actor, job } = await setup();
    const email = uniqueEmail('orphan');
    await invite(actor, job.id, [{ email }]);
    await t.db.delete(companyInvitations).where(eq(companyInvitations.email, email));
    await age(job.id, email, actor.company.id);
    expect((await invite(actor, job.id, [{ email }])).statusCode).toBe(201);
    const invitation = await invitationFor(actor.company.id, email);
    expect(invitation!.codeHash).toBe(hashToken(codeIn((await lastEmailTo(email))!.text)!));
    expect((await rows(job.id))[0]!.invitationId).toBe(invitation!.id);
  });

  it('keeps one company invitation per person across jobs, and the 30 s gap applies to the person', async () => {
    const { actor, job } = await setup();
    const other = await createJob(t.db, { companyId: actor.company.id });
    const email = uniqueEmail('twojobs');
    await invite(actor, job.id, [{ email }]);
    expect((await invite(actor, other.id, [{ email }])).statusCode).toBe(429);
    expect(await rows(other.id)).toEqual([]);
    await age(job.id, email, actor.company.id);
    expect((await invite(actor, other.id, [{ email }])).statusCode).toBe(201);
    const invitations = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, email));
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.jobId).toBe(other.id);
  });

  it.each([
    ['an email over 40 characters', [{ email: `${'a'.repeat(30)}@example.com` }], messages.emailInvalid],
    ['an invalid email', [{ email: 'not-an-email' }], messages.emailInvalid],
    ['a blank email', [{ email: '  ' }], messages.emailRequired],
    ['an unknown type', [{ email: 'ok@example.com', type: 3 }], 'Type must be 0, 1 or 2'],
    ['an empty list', [], 'Please add at least one email'],
    ['an unknown field', [{ email: 'ok@example.com', role: 1 }], undefined],
  ])('answers 400 to %s and stores nothing', async (_name, members, message) => {
    const { actor, job } = await setup();
    const res = await invite(actor, job.id, members);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await rows(job.id)).toEqual([]);
  });

  it('accepts an email of exactly 40 characters', async () => {
    const { actor, job } = await setup();
    const email = `${'b'.repeat(28)}@example.com`;
    expect(email).toHaveLength(40);
    expect((await invite(actor, job.id, [{ email }])).statusCode).toBe(201);
  });

  it('refuses a Viewer, and a job manager granting a type above their own', async () => {
    const { actor, job } = await setup(0);
    const res = await invite(actor, job.id, [{ email: uniqueEmail() }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(jobMessages.viewerCannotEdit);
    const manager = await colleague(actor.company.id, 1);
    expect((await invite(manager, job.id, [{ email: uniqueEmail(), type: 2 }])).statusCode).toBe(403);
    expect((await invite(manager, job.id, [{ email: uniqueEmail(), type: 1 }])).statusCode).toBe(201);
    expect(await rows(job.id)).toHaveLength(1);
  });
});

describe('PATCH and DELETE /api/job/:id/team/:memberId', () => {
  it('lets an admin change a type (the pending company invitation follows) and remove a member', async () => {
    const { actor, job } = await setup();
    const email = uniqueEmail('pending');
    const member = (await invite(actor, job.id, [{ email }])).json().data.members[0];
    const patched = await patchMember(actor, job.id, member._id, { type: 1 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ _id: member._id, email, type: 1 });
    expect((await invitationFor(actor.company.id, email))!.type).toBe(1);
    const removed = await removeMember(actor, job.id, member._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ _id: member._id });
    expect((await team(actor, job.id)).json().data).toEqual([]);
  });

  it('lets a job manager remove members of type 0 only, and never change types', async () => {
    const { actor, job } = await setup();
    const low = (await invite(actor, job.id, [{ email: uniqueEmail('low') }])).json().data.members;
    const high = (await invite(actor, job.id, [{ email: uniqueEmail('high'), type: 1 }])).json().data.members;
    const manager = await colleague(actor.company.id, 1);
    const typeChange = await patchMember(manager, job.id, low[0]._id, { type: 1 });
    expect(typeChange.statusCode).toBe(403);
    expect(typeChange.json().error.message).toBe(teamMessages.onlyAdminsChangeType);
    const refused = await removeMember(manager, job.id, high[1]._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(teamMessages.managersLowestTypeOnly);
    expect((await removeMember(manager, job.id, low[0]._id)).statusCode).toBe(200);
    expect((await rows(job.id)).map((r) => r.type)).toEqual([1]);
  });

  it('lets nobody change or remove themselves', async () => {
    const { actor, job } = await setup();
    const self = (await invite(actor, job.id, [{ email: actor.user.email, type: 2 }])).json().data.members[0];
    expect(self._manager).not.toBeNull();
    const patched = await patchMember(actor, job.id, self._id, { type: 0 });
    expect(patched.statusCode).toBe(403);
    expect(patched.json().error.message).toBe(teamMessages.cannotChangeSelf);
    expect((await removeMember(actor, job.id, self._id)).statusCode).toBe(403);
    expect((await rows(job.id))[0]).toMatchObject({ type: 2 });
  });

  it('refuses Viewers with the spec message and answers 400 to a bad type', async () => {
    const { actor, job } = await setup();
    const member = (await invite(actor, job.id, [{ email: uniqueEmail() }])).json().data.members[0];
    const viewer = await colleague(actor.company.id, 0);
    for (const res of [
      await patchMember(viewer, job.id, member._id, { type: 1 }),
      await removeMember(viewer, job.id, member._id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(jobMessages.viewerCannotEdit);
    }
    expect((await patchMember(actor, job.id, member._id, { type: 5 })).statusCode).toBe(400);
    expect((await patchMember(actor, job.id, member._id, { type: '1' })).statusCode).toBe(400);
    expect((await rows(job.id))[0]).toMatchObject({ type: 0 });
  });
});

describe('tenancy', () => {
  it("answers 404 on every team route for another company's job or member, and changes nothing", async () => {
    const { actor, job } = await setup();
    const member = (await invite(actor, job.id, [{ email: uniqueEmail() }])).json().data.members[0];
    const outsider = await companyWithMember(t.db, 2);
    const theirJob = await createJob(t.db, { companyId: outsider.company.id });
    const answers = [
      await team(outsider, job.id),
      await invite(outsider, job.id, [{ email: uniqueEmail() }]),
      await patchMember(outsider, job.id, member._id, { type: 1 }),
      await removeMember(outsider, job.id, member._id),
      // Their own job with our member's id: still not found.
      await patchMember(outsider, theirJob.id, member._id, { type: 1 }),
      await removeMember(outsider, theirJob.id, member._id),
      await team(actor, 'not-a-uuid'),
      await removeMember(actor, job.id, 'not-a-uuid'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await rows(job.id)).toEqual([expect.objectContaining({ id: member._id, type: 0 })]);
    expect((await t.app.inject({ url: `/api/job/${job.id}/team` })).statusCode).toBe(401);
  });
});

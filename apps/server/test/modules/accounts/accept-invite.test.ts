import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyInvitations,
  jobTeamMembers,
  memberships,
  outboxEmails,
  userTokens,
} from '@hirecast/db/schema';
import { addMember, createJob } from '@hirecast/db/factories';
import { inviteMessages } from '@hirecast/domain/company-team';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { signUpBody, userByEmail } from '../../support/accounts-support.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

// spec 2 §4 Invite flow, §7 Manager and invites; spec 1 §2 /accept-invite/{inviteCode}, §5 free-mail rule.

type TActor = { token: string; company: { id: string; name: string }; user: { id: string; email: string } };

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name = 'invitee', domain = 'hirecast-test.com') =>
  `${name}-${++n}-${Date.now() % 100000}@${domain}`;
const headers = (actor: { token: string; company?: { id: string } }) => ({
  ...bearer(actor.token),
  ...(actor.company && { 'x-company-id': actor.company.id }),
});
const codeIn = (text: string) => /\/accept-invite\/([\w-]+)/.exec(text)?.[1];
const lastCodeTo = async (email: string) => {
  const [mail] = await t.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt));
  return codeIn(mail!.text)!;
};
const info = (code: string) => t.app.inject({ url: `/api/manager/invite/${code}` });
const accept = (token: string, inviteCode: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/accept/invite',
    headers: bearer(token),
    payload: { inviteCode } as object,
  });
const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/manager/signup/email', payload });
const membershipOf = async (companyId: string, userId: string) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
  )[0];
const invitationOf = async (companyId: string, email: string) =>
  (
    await t.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email)))
  )[0];

/** An admin invites `email` to the company with `type` through the company team call; the emailed code. */
async function invited(type: 0 | 1 | 2 = 1, email = uniqueEmail()) {
  const admin = (await companyWithMember(t.db, 2)) as TActor;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/company/${admin.company.id}/team`,
    headers: headers(admin),
    payload: { team: { email, type } },
  });
  expect(res.statusCode).toBe(201);
  return { admin, email, code: await lastCodeTo(email) };
}

describe('GET /api/manager/invite/:inviteCode', () => {
  it('tells the invite page who is invited where, and that a new person must sign up', async () => {
    const { admin, email, code } = await invited(1);
    const res = await info(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      email,
      companyName: admin.company.name,
      type: 1,
      needVerification: true,
    });
  });

  it('says no verification is needed when the email already has an account', async () => {
    const email = uniqueEmail('existing');
    await signedInUser(t.db, { email });
    const { code } = await invited(0, email);
    expect((await info(code)).json().data).toMatchObject({ email, type: 0, needVerification: false });
  });

  it.each([
    ['an unknown code', async () => 'x'.repeat(43)],
    [
      'an expired code',
      async () => {
        const { admin, email, code } = await invited();
        await t.db
          .update(companyInvitations)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(
            and(eq(companyInvitations.companyId, admin.company.id), eq(companyInvitations.email, email)),
          );
        return code;
      },
    ],
    [
      'an accepted code',
      async () => {
        const { admin, email, code } = await invited();
        await t.db
          .update(companyInvitations)
          .set({ acceptedAt: new Date() })
          .where(
            and(eq(companyInvitations.companyId, admin.company.id), eq(companyInvitations.email, email)),
          );
        return code;
      },
    ],
    ['a long code of another shape', async () => 'y-'.repeat(50)],
  ])("answers 404 'Invite code is invalid.' to %s", async (_name, makeCode) => {
    const res = await info(await makeCode());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(inviteMessages.invalid);
  });
});

describe('POST /api/manager/accept/invite', () => {
  it('adds the signed-in invitee with the invited role and answers the manager', async () => {
    const email = uniqueEmail('accept');
    const invitee = await signedInUser(t.db, { email, verified: false });
    const { admin, code } = await invited(1, email);

    const res = await accept(invitee.token, code);
    expect(res.statusCode).toBe(200);
    const manager = res.json().data.manager;
    expect(manager).toMatchObject({
      _id: invitee.user.id,
      email,
      _company: admin.company.id,
      role: 1,
      needVerification: false,
    });
    expect(manager._companies).toEqual([
      { _id: admin.company.id, name: admin.company.name, logo: null, role: 1 },
    ]);
    expect(await membershipOf(admin.company.id, invitee.user.id)).toMatchObject({ role: 1 });
    expect((await invitationOf(admin.company.id, email))!.acceptedAt).toBeInstanceOf(Date);
    // They now act in the company with that role, and the team lists them as a member.
    const team = await t.app.inject({
      url: `/api/company/${admin.company.id}/team`,
      headers: { ...bearer(invitee.token), 'x-company-id': admin.company.id },
    });
    expect(team.statusCode).toBe(200);
    expect(team.json().data.members).toContainEqual(
      expect.objectContaining({ email, type: 1, isPending: false }),
    );
  });

  it('accepts a job team invitation the same way and links the job team place to the user', async () => {
    const admin = (await companyWithMember(t.db, 2)) as TActor;
    const job = await createJob(t.db, { companyId: admin.company.id });
    const email = uniqueEmail('jobteam');
    const jobRes = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job.id}/team`,
      headers: headers(admin),
      payload: { members: [{ email, type: 1 }] },
    });
    expect(jobRes.statusCode).toBe(201);
    const invitee = await signedInUser(t.db, { email, firstName: 'Jo', lastName: 'Ray' });
    const res = await accept(invitee.token, await lastCodeTo(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.manager).toMatchObject({ _company: admin.company.id, role: 1 });
    const [place] = await t.db.select().from(jobTeamMembers).where(eq(jobTeamMembers.jobId, job.id));
    expect(place).toMatchObject({ userId: invitee.user.id, email, type: 1 });
    const team = await t.app.inject({ url: `/api/job/${job.id}/team`, headers: headers(admin) });
    expect(team.json().data[0]._manager).toEqual({ firstName: 'Jo', lastName: 'Ray', email });
  });

  it('sets the joined company as the current one for someone already in another company', async () => {
    const other = await companyWithMember(t.db, 2);
    const { admin, code } = await invited(0, other.user.email);
    const res = await accept(other.token, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.manager).toMatchObject({ _company: admin.company.id, role: 0 });
    expect(res.json().data.manager._companies).toHaveLength(2);
    expect(await membershipOf(other.company.id, other.user.id)).toMatchObject({ role: 2 });
  });

  it('refuses a reused code with 404 and keeps one membership', async () => {
    const email = uniqueEmail('reuse');
    const invitee = await signedInUser(t.db, { email });
    const { admin, code } = await invited(2, email);
    expect((await accept(invitee.token, code)).statusCode).toBe(200);
    const again = await accept(invitee.token, code);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(inviteMessages.invalid);
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, invitee.user.id));
    expect(rows).toEqual([expect.objectContaining({ companyId: admin.company.id, role: 2 })]);
  });

  it('refuses another account with 403 and accepts nothing', async () => {
    const { admin, email, code } = await invited(1);
    const stranger = await signedInUser(t.db, { email: uniqueEmail('stranger') });
    const res = await accept(stranger.token, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(inviteMessages.otherAccount);
    expect(await membershipOf(admin.company.id, stranger.user.id)).toBeUndefined();
    expect((await invitationOf(admin.company.id, email))!.acceptedAt).toBeNull();
  });

  it('keeps an existing membership as it is', async () => {
    const { admin, email, code } = await invited(0);
    const invitee = await signedInUser(t.db, { email });
    await addMember(t.db, { companyId: admin.company.id, userId: invitee.user.id, role: 2 });
    expect((await accept(invitee.token, code)).statusCode).toBe(200);
    expect(await membershipOf(admin.company.id, invitee.user.id)).toMatchObject({ role: 2 });
  });

  it('answers 404 to unknown and expired codes, 400 to an empty one and 401 without a session', async () => {
    const email = uniqueEmail('expired');
    const invitee = await signedInUser(t.db, { email });
    const { admin, code } = await invited(1, email);
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, email));
    for (const bad of [code, 'nope']) {
      const res = await accept(invitee.token, bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(inviteMessages.invalid);
    }
    expect((await accept(invitee.token, '  ')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/manager/accept/invite',
      payload: { inviteCode: code },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await membershipOf(admin.company.id, invitee.user.id)).toBeUndefined();
  });
});

describe('POST /api/manager/signup/email with an invite code', () => {
  it('lets a free-mail invitee sign up verified, as a member with the invited role', async () => {
    const email = uniqueEmail('ana', 'gmail.com');
    const { admin, code } = await invited(1, email);
    const res = await signUp(signUpBody({ email: ` ${email.toUpperCase()} `, inviteCode: code }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.manager).toMatchObject({
      email,
      needVerification: false,
      _company: admin.company.id,
      role: 1,
    });
    expect(data.role).toBe(1);
    const user = await userByEmail(t.db, email);
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    // Made through the invitation: self-invited until they save a personal detail (decision 022).
    expect(user!.selfInvited).toBe(true);
    expect(data.manager.selfInvited).toBe(true);
    expect(await membershipOf(admin.company.id, user!.id)).toMatchObject({ role: 1 });
    expect((await invitationOf(admin.company.id, email))!.acceptedAt).toBeInstanceOf(Date);
    // No verification letter: the invitation link already proved the address.
    expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, user!.id))).toEqual([]);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails).toHaveLength(1);
    // The session works and the code is spent.
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(data['access-token']) });
    expect(me.json().data).toMatchObject({ _company: admin.company.id, role: 1 });
    expect((await info(code)).statusCode).toBe(404);
  });

  it('starts the account self-invited; the first save of a personal detail makes a regular member', async () => {
    const email = uniqueEmail('sam', 'gmail.com');
    const { code } = await invited(0, email);
    const token = (await signUp(signUpBody({ email, inviteCode: code }))).json().data['access-token'];
    const me = () => t.app.inject({ url: '/api/manager/me', headers: bearer(token) });
    expect((await me()).json().data.selfInvited).toBe(true);
    // The first-job prompt's flag is not a personal detail: the person stays self-invited.
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/manager/me', headers: bearer(token), payload });
    expect((await patch({ isUserWasRedirected: true })).json().data.selfInvited).toBe(true);
    const saved = await patch({ position: 'Barista lead' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.selfInvited).toBe(false);
    expect((await me()).json().data.selfInvited).toBe(false);
    expect((await userByEmail(t.db, email))!.selfInvited).toBe(false);
  });

  it("answers 400 'Invite code is invalid.' to an unknown or used code, and creates nothing", async () => {
    const email = uniqueEmail('bad', 'gmail.com');
    const res = await signUp(signUpBody({ email, inviteCode: 'not-a-real-code' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(inviteMessages.invalid);
    expect(await userByEmail(t.db, email)).toBeUndefined();

    const first = await invited(0, uniqueEmail('first', 'gmail.com'));
    expect((await signUp(signUpBody({ email: first.email, inviteCode: first.code }))).statusCode).toBe(201);
    const reuser = uniqueEmail('reuser', 'acme-test.com');
    const reused = await signUp(signUpBody({ email: reuser, inviteCode: first.code }));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(inviteMessages.invalid);
    expect(await userByEmail(t.db, reuser)).toBeUndefined();
  });

  it('treats a valid code for another email as a normal sign-up: the free-mail rule applies, no membership', async () => {
    const { admin, email, code } = await invited(1);
    const freeMail = uniqueEmail('other', 'gmail.com');
    const refused = await signUp(signUpBody({ email: freeMail, inviteCode: code }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.corporateEmailOnly);
    expect(await userByEmail(t.db, freeMail)).toBeUndefined();

    const corporate = uniqueEmail('other', 'acme-test.com');
    const res = await signUp(signUpBody({ email: corporate, inviteCode: code }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.manager).toMatchObject({ _company: null, role: null, needVerification: true });
    expect((await invitationOf(admin.company.id, email))!.acceptedAt).toBeNull();
    // The invitee can still use their code.
    expect((await info(code)).statusCode).toBe(200);
  });

  it('refuses a free-mail sign-up without an invite code, and with an empty one', async () => {
    for (const inviteCode of [undefined, '']) {
      const res = await signUp(signUpBody({ email: uniqueEmail('free', 'gmail.com'), inviteCode }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.corporateEmailOnly);
    }
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, jobTeamMembers, memberships, outboxEmails } from '@hirecast/db/schema';
import { addMember, createJob } from '@hirecast/db/factories';
import { inviteMessages } from '@hirecast/domain/company-team';
import { messages } from '@hirecast/domain/messages';
import { teamMessages } from '@hirecast/domain/team';
import { hashToken } from '../../../src/lib/tokens.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

// spec 2 §7 Company team, §6 Team roles, §5 Team invite email; spec 1 §4 team invitations, §9 resend gap.

type TActor = { token: string; company: { id: string }; user: { id: string; email: string } };
type TWho = 'Viewer' | 'Job Manager' | 'Admin' | 'Outsider';
type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name = 'person') => `${name}-${++n}-${Date.now() % 100000}@hirecast-test.com`;
// The caller's own company goes in X-Company-Id; the company acted on is the one in the path.
const call = (actor: TActor, method: TMethod, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(actor.token), 'x-company-id': actor.company.id },
    ...(payload !== undefined && { payload: payload as object }),
  });
const getTeam = (actor: TActor, companyId: string) => call(actor, 'GET', `/api/company/${companyId}/team`);
const invite = (actor: TActor, companyId: string, team: unknown) =>
  call(actor, 'POST', `/api/company/${companyId}/team`, { companyId, team });
const patchType = (actor: TActor, companyId: string, memberId: string, type: unknown) =>
  call(actor, 'PATCH', `/api/company/${companyId}/team/${memberId}`, { type });
const remove = (actor: TActor, companyId: string, memberId: string) =>
  call(actor, 'DELETE', `/api/company/${companyId}/team`, { memberId });

const invitationOf = async (companyId: string, email: string) =>
  (
    await t.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email)))
  )[0];
const membershipsOf = (companyId: string) =>
  t.db.select().from(memberships).where(eq(memberships.companyId, companyId));
const mailsTo = (to: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
const codeIn = (text: string) => /\/accept-invite\/([\w-]+)/.exec(text)?.[1];
/** Pretends the last invitation to `email` went out 31 s ago (spec 1 §9: resend gap 30 s). */
const age = (companyId: string, email: string) =>
  t.db
    .update(companyInvitations)
    .set({ lastInvitationDate: new Date(Date.now() - 31_000) })
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email)));

async function member(companyId: string, role: 0 | 1 | 2, name = 'member') {
  const signed = await signedInUser(t.db, { email: uniqueEmail(name), firstName: 'Cora', lastName: 'Lee' });
  const row = await addMember(t.db, { companyId, userId: signed.user.id, role });
  return { ...signed, company: { id: companyId }, membershipId: row.id };
}

/**
 * A company whose admin owns it, with a Viewer, a Job Manager and a second Admin as members, and pending
 * invitations of type 0 and type 1 (both sent over 30 s ago, so a resend is allowed).
 */
async function world() {
  const owner = await companyWithMember(t.db, 2);
  const companyId = owner.company.id;
  const viewer = await member(companyId, 0, 'viewer');
  const manager = await member(companyId, 1, 'manager');
  const admin = await member(companyId, 2, 'admin');
  const pending0 = uniqueEmail('pending0');
  const pending1 = uniqueEmail('pending1');
  const ids: Record<string, string> = {};
  for (const [email, type] of [
    [pending0, 0],
    [pending1, 1],
  ] as const) {
    const res = await invite(owner, companyId, { email, type });
    expect(res.statusCode).toBe(201);
    ids[email] = res.json().data.member._id;
    await age(companyId, email);
  }
  const outsider = await companyWithMember(t.db, 2);
  const actors: Record<TWho, TActor> = {
    Viewer: viewer,
    'Job Manager': manager,
    Admin: admin,
    Outsider: outsider,
  };
  return { owner, companyId, viewer, manager, admin, outsider, actors, pending0, pending1, ids };
}
type TWorld = Awaited<ReturnType<typeof world>>;

const WHO: TWho[] = ['Viewer', 'Job Manager', 'Admin', 'Outsider'];

/**
 * Every call with every role (spec 2 §6): the status each caller gets, the message of a refusal, and what
 * must hold in the database afterwards (the change made, or nothing changed).
 */
type TCase = {
  name: string;
  run: (w: TWorld, actor: TActor) => ReturnType<typeof call>;
  expected: Record<TWho, number>;
  /** The refusal message per caller, when the answer is 403. */
  refusal?: Partial<Record<TWho, string>>;
  check: (w: TWorld, ok: boolean) => Promise<void>;
};

const roleOf = async (membershipId: string) =>
  (await t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]?.role;

const CASES: TCase[] = [
  {
    name: 'GET the team',
    run: (w, a) => getTeam(a, w.companyId),
    expected: { Viewer: 200, 'Job Manager': 200, Admin: 200, Outsider: 404 },
    check: async () => {},
  },
  {
    name: 'invite a new email as a Viewer (type 0)',
    run: (w, a) => invite(a, w.companyId, { email: 'fresh0@hirecast-test.com', type: 0 }),
    expected: { Viewer: 403, 'Job Manager': 201, Admin: 201, Outsider: 404 },
    refusal: { Viewer: messages.onlyAdmins },
    check: async (w, ok) => {
      expect(Boolean(await invitationOf(w.companyId, 'fresh0@hirecast-test.com'))).toBe(ok);
    },
  },
  {
    name: 'invite a new email as a Job Manager (type 1)',
    run: (w, a) => invite(a, w.companyId, { email: 'fresh1@hirecast-test.com', type: 1 }),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 201, Outsider: 404 },
    refusal: { Viewer: messages.onlyAdmins, 'Job Manager': teamMessages.managersLowestTypeOnly },
    check: async (w, ok) => {
      expect(Boolean(await invitationOf(w.companyId, 'fresh1@hirecast-test.com'))).toBe(ok);
    },
  },
  {
    name: 'invite a new email as an Admin (type 2)',
    run: (w, a) => invite(a, w.companyId, { email: 'fresh2@hirecast-test.com', type: 2 }),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 201, Outsider: 404 },
    check: async (w, ok) => {
      expect(Boolean(await invitationOf(w.companyId, 'fresh2@hirecast-test.com'))).toBe(ok);
    },
  },
  {
    name: 'resend a pending type-0 invitation',
    run: (w, a) => invite(a, w.companyId, { email: w.pending0, type: 0 }),
    expected: { Viewer: 403, 'Job Manager': 200, Admin: 200, Outsider: 404 },
    check: async (w, ok) => {
      expect(await mailsTo(w.pending0)).toHaveLength(ok ? 2 : 1);
    },
  },
  {
    name: 'resend a pending type-1 invitation',
    run: (w, a) => invite(a, w.companyId, { email: w.pending1, type: 1 }),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.managersLowestTypeOnly },
    check: async (w, ok) => {
      expect(await mailsTo(w.pending1)).toHaveLength(ok ? 2 : 1);
    },
  },
  {
    name: "change a Viewer member's type",
    run: (w, a) => patchType(a, w.companyId, w.viewer.membershipId, 1),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    refusal: { Viewer: messages.onlyAdmins, 'Job Manager': teamMessages.onlyAdminsChangeType },
    check: async (w, ok) => {
      expect(await roleOf(w.viewer.membershipId)).toBe(ok ? 1 : 0);
    },
  },
  {
    name: "change a pending invitation's type",
    run: (w, a) => patchType(a, w.companyId, w.ids[w.pending0]!, 2),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.onlyAdminsChangeType },
    check: async (w, ok) => {
      expect((await invitationOf(w.companyId, w.pending0))!.type).toBe(ok ? 2 : 0);
    },
  },
  {
    name: 'delete a Viewer member',
    run: (w, a) => remove(a, w.companyId, w.viewer.membershipId),
    expected: { Viewer: 403, 'Job Manager': 200, Admin: 200, Outsider: 404 },
    check: async (w, ok) => {
      expect(await roleOf(w.viewer.membershipId)).toBe(ok ? undefined : 0);
    },
  },
  {
    name: 'delete a Job Manager member',
    run: (w, a) => remove(a, w.companyId, w.manager.membershipId),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    // The Job Manager here is the member themselves: nobody deletes themselves.
    refusal: { Viewer: messages.onlyAdmins, 'Job Manager': teamMessages.cannotChangeSelf },
    check: async (w, ok) => {
      expect(await roleOf(w.manager.membershipId)).toBe(ok ? undefined : 1);
    },
  },
  {
    name: 'delete the owning Admin',
    run: (w, a) => remove(a, w.companyId, ownerMembership.get(w.companyId)!),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.managersLowestTypeOnly },
    check: async (w, ok) => {
      expect(await roleOf(ownerMembership.get(w.companyId)!)).toBe(ok ? undefined : 2);
    },
  },
  {
    name: 'delete a pending type-0 invitation',
    run: (w, a) => remove(a, w.companyId, w.ids[w.pending0]!),
    expected: { Viewer: 403, 'Job Manager': 200, Admin: 200, Outsider: 404 },
    check: async (w, ok) => {
      expect(Boolean(await invitationOf(w.companyId, w.pending0))).toBe(!ok);
    },
  },
  {
    name: 'delete a pending type-1 invitation',
    run: (w, a) => remove(a, w.companyId, w.ids[w.pending1]!),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 200, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.managersLowestTypeOnly },
    check: async (w, ok) => {
      expect(Boolean(await invitationOf(w.companyId, w.pending1))).toBe(!ok);
    },
  },
  {
    name: "change one's own type",
    run: (w, a) => patchType(a, w.companyId, selfMembership(w, a), 0),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 403, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.cannotChangeSelf, Admin: teamMessages.cannotChangeSelf },
    check: async (w) => {
      expect(await roleOf(w.admin.membershipId)).toBe(2);
      expect(await roleOf(w.manager.membershipId)).toBe(1);
    },
  },
  {
    name: 'delete oneself',
    run: (w, a) => remove(a, w.companyId, selfMembership(w, a)),
    expected: { Viewer: 403, 'Job Manager': 403, Admin: 403, Outsider: 404 },
    refusal: { 'Job Manager': teamMessages.cannotChangeSelf, Admin: teamMessages.cannotChangeSelf },
    check: async (w) => {
      expect(await membershipsOf(w.companyId)).toHaveLength(4);
    },
  },
];

const ownerMembership = new Map<string, string>();
// The caller's own membership in the company acted on; the outsider has none, so they aim at the owner's.
const selfMembership = (w: TWorld, a: TActor) =>
  a === w.outsider
    ? ownerMembership.get(w.companyId)!
    : [w.viewer, w.manager, w.admin].find((m) => m === a)!.membershipId;

describe('every company team call with every role (spec 2 §6)', () => {
  describe.each(CASES)('$name', (c) => {
    it.each(WHO)('as %s', async (who) => {
      const w = await world();
      const [own] = (await membershipsOf(w.companyId)).filter((m) => m.userId === w.owner.user.id);
      ownerMembership.set(w.companyId, own!.id);
      const res = await c.run(w, w.actors[who]);
      expect(res.statusCode).toBe(c.expected[who]);
      if (res.statusCode === 403) {
        expect(res.json().error.code).toBe('FORBIDDEN');
        const message = c.refusal?.[who];
        if (message) expect(res.json().error.message).toBe(message);
      }
      if (res.statusCode === 404) expect(res.json().error.message).toBe(messages.notFound);
      await c.check(w, res.statusCode < 300);
    });
  });
});

describe('GET /api/company/:id/team', () => {
  it('lists members with their names, then pending invitations (expired ones too)', async () => {
    const w = await world();
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, w.pending1));
    const res = await getTeam(w.viewer, w.companyId);
    expect(res.statusCode).toBe(200);
    const members = res.json().data.members;
    expect(
      members.map((m: { email: string; type: number; isPending: boolean }) => [m.email, m.type, m.isPending]),
    ).toEqual([
      [w.owner.user.email, 2, false],
      [w.viewer.user.email, 0, false],
      [w.manager.user.email, 1, false],
      [w.admin.user.email, 2, false],
      [w.pending0, 0, true],
      [w.pending1, 1, true],
    ]);
    expect(members[1]).toEqual({
      _id: w.viewer.membershipId,
      email: w.viewer.user.email,
      type: 0,
      _manager: { firstName: 'Cora', lastName: 'Lee', email: w.viewer.user.email },
      lastInvitationDate: null,
      isPending: false,
    });
    expect(members[4]).toMatchObject({ _id: w.ids[w.pending0], _manager: null });
    expect(new Date(members[4].lastInvitationDate).getTime()).toBeLessThan(Date.now() - 30_000);
  });

  it('answers 401 without a session and 404 for an id that is not a company', async () => {
    const w = await world();
    expect((await t.app.inject({ url: `/api/company/${w.companyId}/team` })).statusCode).toBe(401);
    expect((await getTeam(w.admin, 'not-a-uuid')).statusCode).toBe(404);
    expect((await getTeam(w.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/company/:id/team', () => {
  it('normalises the email, stores the code hashed and emails the accept link', async () => {
    const w = await world();
    const email = uniqueEmail('new');
    const res = await invite(w.admin, w.companyId, { email: `  ${email.toUpperCase()}  `, type: 1 });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.message).toBe(`Invitation to ${email} is sent`);
    expect(data.member).toEqual({
      _id: expect.any(String) as string,
      email,
      type: 1,
      _manager: null,
      lastInvitationDate: expect.any(String) as string,
      isPending: true,
    });
    const invitation = await invitationOf(w.companyId, email);
    expect(invitation).toMatchObject({
      id: data.member._id,
      type: 1,
      acceptedAt: null,
      invitedBy: w.admin.user.id,
    });
    const days = (invitation!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^You are invited to join Company /);
    expect(mail!.text).toContain('as Job Manager');
    const code = codeIn(mail!.text)!;
    expect(mail!.text).toContain(`http://localhost:3000/accept-invite/${code}`);
    expect(invitation!.codeHash).toBe(hashToken(code));
    // The dev mailbox shows it too.
    const box = await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(box.json().data[0].text).toContain(`/accept-invite/${code}`);
    // The emailed code opens the invite page.
    const info = await t.app.inject({ url: `/api/manager/invite/${code}` });
    expect(info.json().data).toMatchObject({ email, type: 1, needVerification: true });
  });

  it.each([
    ['an email over 40 characters', `${'a'.repeat(29)}@example.com`, messages.emailInvalid],
    ['an invalid email', 'not-an-email', messages.emailInvalid],
    ['a blank email', '   ', messages.emailRequired],
  ])('answers 400 to %s and stores nothing', async (_name, email, message) => {
    const w = await world();
    const before = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, w.companyId));
    const res = await invite(w.admin, w.companyId, { email });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const after = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, w.companyId));
    expect(after).toHaveLength(before.length);
  });

  it('accepts exactly 40 characters and answers 400 to a bad type or a company id of another company', async () => {
    const w = await world();
    const forty = `${'c'.repeat(28)}@example.com`;
    expect((await invite(w.admin, w.companyId, { email: forty })).statusCode).toBe(201);
    expect((await invite(w.admin, w.companyId, { email: uniqueEmail(), type: 3 })).statusCode).toBe(400);
    const mismatch = await call(w.admin, 'POST', `/api/company/${w.companyId}/team`, {
      companyId: w.outsider.company.id,
      team: { email: uniqueEmail() },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it("answers 409 'This email is already in the list!' for a member, whatever the case", async () => {
    const w = await world();
    const res = await invite(w.admin, w.companyId, { email: ` ${w.viewer.user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(inviteMessages.duplicate);
    expect(await invitationOf(w.companyId, w.viewer.user.email)).toBeUndefined();
    expect(await mailsTo(w.viewer.user.email)).toHaveLength(0);
  });

  it('resends a pending invitation at most once per 30 s, each time with a new code', async () => {
    const w = await world();
    const email = uniqueEmail('resend');
    expect((await invite(w.admin, w.companyId, { email })).statusCode).toBe(201);
    const first = await invitationOf(w.companyId, email);

    const soon = await invite(w.manager, w.companyId, { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toBe(inviteMessages.tooSoon);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await invitationOf(w.companyId, email))!.codeHash).toBe(first!.codeHash);

    await age(w.companyId, email);
    const later = await invite(w.admin, w.companyId, { email });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.message).toBe(`Invitation to ${email} is sent`);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const renewed = await invitationOf(w.companyId, email);
    expect(renewed!.id).toBe(first!.id);
    expect(renewed!.codeHash).not.toBe(first!.codeHash);
    expect(renewed!.codeHash).toBe(hashToken(codeIn(mails[0]!.text)!));
    // The old link no longer works; the new one does.
    expect((await t.app.inject({ url: `/api/manager/invite/${codeIn(mails[1]!.text)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/manager/invite/${codeIn(mails[0]!.text)}` })).statusCode).toBe(
      200,
    );
    // And right after the resend, the gap applies again.
    expect((await invite(w.admin, w.companyId, { email })).statusCode).toBe(429);
  });

  it('renews an expired invitation on resend', async () => {
    const w = await world();
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, w.pending0));
    expect((await invite(w.admin, w.companyId, { email: w.pending0 })).statusCode).toBe(200);
    expect((await invitationOf(w.companyId, w.pending0))!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps the invitation's type on a resend (PATCH changes types)", async () => {
    const w = await world();
    const res = await invite(w.admin, w.companyId, { email: w.pending1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.member).toMatchObject({ _id: w.ids[w.pending1], type: 1 });
    expect((await invitationOf(w.companyId, w.pending1))!.type).toBe(1);
    expect((await mailsTo(w.pending1))[0]!.text).toContain('as Job Manager');
    // A job manager cannot resend it by leaving the type out either.
    await age(w.companyId, w.pending1);
    const refused = await invite(w.manager, w.companyId, { email: w.pending1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(teamMessages.managersLowestTypeOnly);
  });

  it('invites someone again after they left the company', async () => {
    const w = await world();
    const res = await remove(w.admin, w.companyId, w.viewer.membershipId);
    expect(res.statusCode).toBe(200);
    const again = await invite(w.admin, w.companyId, { email: w.viewer.user.email, type: 1 });
    expect(again.statusCode).toBe(201);
    expect(await invitationOf(w.companyId, w.viewer.user.email)).toMatchObject({ type: 1, acceptedAt: null });
  });
});

describe('PATCH /api/company/:id/team/:memberId', () => {
  it("lets an admin change a member's type, and answers the member", async () => {
    const w = await world();
    const res = await patchType(w.admin, w.companyId, w.manager.membershipId, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.member).toMatchObject({
      _id: w.manager.membershipId,
      email: w.manager.user.email,
      type: 2,
      isPending: false,
    });
    expect(await roleOf(w.manager.membershipId)).toBe(2);
    // The role is what the API now lets them do: a former Job Manager, now Admin, changes types.
    expect((await patchType(w.manager, w.companyId, w.viewer.membershipId, 1)).statusCode).toBe(200);
  });

  it('refuses a self-change with the team message and changes nothing', async () => {
    const w = await world();
    const res = await patchType(w.admin, w.companyId, w.admin.membershipId, 0);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(teamMessages.cannotChangeSelf);
    expect(await roleOf(w.admin.membershipId)).toBe(2);
  });

  it("answers 404 for another company's member or invitation id, and 400 for a bad type", async () => {
    const w = await world();
    const other = await world();
    for (const id of [other.viewer.membershipId, other.ids[other.pending0]!, 'not-a-uuid']) {
      const res = await patchType(w.admin, w.companyId, id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await roleOf(other.viewer.membershipId)).toBe(0);
    expect((await patchType(w.admin, w.companyId, w.viewer.membershipId, 5)).statusCode).toBe(400);
    expect((await patchType(w.admin, w.companyId, w.viewer.membershipId, '1')).statusCode).toBe(400);
    expect(await roleOf(w.viewer.membershipId)).toBe(0);
  });
});

describe('DELETE /api/company/:id/team', () => {
  it('removes a member from the company and from its job teams, and answers the team left', async () => {
    const w = await world();
    const job = await createJob(t.db, { companyId: w.companyId });
    const theirJob = await createJob(t.db, { companyId: w.outsider.company.id });
    await t.db.insert(jobTeamMembers).values([
      { jobId: job.id, companyId: w.companyId, email: w.viewer.user.email, userId: w.viewer.user.id },
      {
        jobId: job.id,
        companyId: w.companyId,
        email: w.manager.user.email,
        userId: w.manager.user.id,
        type: 1,
      },
    ]);
    // The same person in another company keeps their place there.
    await addMember(t.db, { companyId: w.outsider.company.id, userId: w.viewer.user.id, role: 0 });
    await t.db.insert(jobTeamMembers).values({
      jobId: theirJob.id,
      companyId: w.outsider.company.id,
      email: w.viewer.user.email,
      userId: w.viewer.user.id,
    });

    const res = await remove(w.admin, w.companyId, w.viewer.membershipId);
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.members.map((m: { email: string }) => m.email);
    expect(emails).not.toContain(w.viewer.user.email);
    expect(emails).toContain(w.manager.user.email);
    expect(await roleOf(w.viewer.membershipId)).toBeUndefined();
    const rows = await t.db.select().from(jobTeamMembers).where(eq(jobTeamMembers.userId, w.viewer.user.id));
    expect(rows.map((r) => r.jobId)).toEqual([theirJob.id]);
    expect(
      (await t.db.select().from(jobTeamMembers).where(eq(jobTeamMembers.jobId, job.id))).map((r) => r.email),
    ).toEqual([w.manager.user.email]);
    // They lost access to the company.
    expect((await getTeam(w.viewer, w.companyId)).statusCode).toBe(404);
  });

  it('withdraws a pending invitation with its job team places, and its link stops working', async () => {
    const w = await world();
    const job = await createJob(t.db, { companyId: w.companyId });
    const email = uniqueEmail('jobinvite');
    const jobInvite = await call(w.admin, 'POST', `/api/job/${job.id}/team`, { members: [{ email }] });
    expect(jobInvite.statusCode).toBe(201);
    const code = codeIn((await mailsTo(email))[0]!.text)!;
    const invitation = await invitationOf(w.companyId, email);

    const res = await remove(w.manager, w.companyId, invitation!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.members.map((m: { email: string }) => m.email)).not.toContain(email);
    expect(await invitationOf(w.companyId, email)).toBeUndefined();
    expect(await t.db.select().from(jobTeamMembers).where(eq(jobTeamMembers.jobId, job.id))).toEqual([]);
    expect((await t.app.inject({ url: `/api/manager/invite/${code}` })).statusCode).toBe(404);
  });

  it("answers 404 for another company's member id, 400 for a malformed one, and 401 anonymously", async () => {
    const w = await world();
    const other = await world();
    const res = await remove(w.admin, w.companyId, other.viewer.membershipId);
    expect(res.statusCode).toBe(404);
    expect(await roleOf(other.viewer.membershipId)).toBe(0);
    expect((await remove(w.admin, w.companyId, other.ids[other.pending0]!)).statusCode).toBe(404);
    expect(await invitationOf(other.companyId, other.pending0)).toBeDefined();
    expect((await remove(w.admin, w.companyId, 'nope')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/${w.companyId}/team`,
      payload: { memberId: w.viewer.membershipId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await roleOf(w.viewer.membershipId)).toBe(0);
  });
});

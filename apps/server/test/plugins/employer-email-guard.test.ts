import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { outboxEmails, users } from '@hirecast/db/schema';
import { addMember } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { RATE_LIMITS } from '../../src/lib/rate-limits.ts';
import { callAs, createApplication, hiringTeam, type TMember } from '../support/applicants-support.ts';
import { createTestApp } from '../support/helper.ts';
import { signedInUser } from '../support/sessions.ts';

// Every route on which a signed-in employer makes the product email someone needs a sender who confirmed
// their own address, and is limited per sender and per company (RATE_LIMITS.employerEmail).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const address = (name = 'someone') => `${name}-${++n}@guard-test.com`;
const outboxSize = async () => (await t.db.select({ n: count() }).from(outboxEmails))[0]!.n;

async function team() {
  const hiring = await hiringTeam(t.db);
  const applicant = await createApplication(t.db, hiring.job);
  return { ...hiring, applicant };
}

/** Each email-sending call of an employer, as `member` of `setup`'s company. */
function emailCalls(setup: Awaited<ReturnType<typeof team>>) {
  const { job, applicant, company } = setup;
  const app = `/api/job/${job.id}/application/${applicant.id}`;
  return {
    companyInvite: (m: TMember) =>
      callAs(t.app, m, {
        method: 'POST',
        url: `/api/company/${company.id}/team`,
        payload: { team: { email: address('invitee'), type: 0 } },
      }),
    jobInvite: (m: TMember, emails = [address('teammate')]) =>
      callAs(t.app, m, {
        method: 'POST',
        url: `/api/job/${job.id}/team`,
        payload: { members: emails.map((email) => ({ email, type: 0 })) },
      }),
    share: (m: TMember) =>
      callAs(t.app, m, {
        method: 'POST',
        url: `/api/job/${job.id}/share/email`,
        payload: { to: [address()] },
      }),
    statusLetter: (m: TMember) =>
      callAs(t.app, m, {
        method: 'PATCH',
        url: `${app}/send`,
        payload: { status: 'rejected', text: 'Sorry' },
      }),
    eventLetter: (m: TMember) =>
      callAs(t.app, m, {
        method: 'PATCH',
        url: `${app}/send/letter`,
        payload: { eventId: randomUUID(), text: 'Hello' },
      }),
    reply: (m: TMember) =>
      callAs(t.app, m, {
        method: 'POST',
        url: `/api/history/application/${applicant.id}/communication`,
        payload: { text: 'Hello' },
      }),
    reengage: (m: TMember) =>
      callAs(t.app, m, {
        method: 'POST',
        url: `/api/job/${job.id}/application/send-reengaging`,
        payload: { subject: 'Still there?', text: 'Hello', applicationIds: [applicant.id] },
      }),
  };
}

describe('a sender who never confirmed their address', () => {
  it('is refused every email-sending call with 403 and the message, and nothing is sent', async () => {
    const setup = await team();
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, setup.admin.user.id));
    const before = await outboxSize();
    for (const [name, call] of Object.entries(emailCalls(setup))) {
      const res = await call(setup.admin);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: messages.verifyEmailToSend });
    }
    expect(await outboxSize()).toBe(before);

    // Confirmed, the same calls go through (the letter of an unknown event answers 404 as before).
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, setup.admin.user.id));
    const calls = emailCalls(setup);
    expect((await calls.companyInvite(setup.admin)).statusCode).toBe(201);
    expect((await calls.jobInvite(setup.admin)).statusCode).toBe(201);
    expect((await calls.share(setup.admin)).statusCode).toBe(200);
    expect((await calls.reply(setup.admin)).statusCode).toBe(201);
  });
});

describe('limits per sender and per company', () => {
  const { invitation, reengage } = RATE_LIMITS.employerEmail;

  it(`stops one sender after ${invitation.perUser} invitations an hour, company and job teams together`, async () => {
    const setup = await team();
    const calls = emailCalls(setup);
    // A job team invitation of several people counts each email.
    const batch = 10;
    expect(
      (
        await calls.jobInvite(
          setup.admin,
          [...Array(batch)].map(() => address()),
        )
      ).statusCode,
    ).toBe(201);
    for (let i = batch; i < invitation.perUser; i++)
      expect((await calls.companyInvite(setup.admin)).statusCode, `invitation ${i + 1}`).toBe(201);
    const before = await outboxSize();
    const refused = await calls.companyInvite(setup.admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyEmails });
    expect((await calls.jobInvite(setup.admin)).statusCode).toBe(429);
    expect(await outboxSize()).toBe(before);
    // Another sender of the company still has their own budget.
    expect((await calls.companyInvite(setup.manager)).statusCode).toBe(201);
  });

  it(`stops a company after ${invitation.perCompany} invitations an hour, whoever sends them`, async () => {
    const setup = await team();
    const calls = emailCalls(setup);
    const senders: TMember[] = [];
    let sent = 0;
    while (sent < invitation.perCompany) {
      // Fresh admins of the same company, each under their own limit.
      const signed = await signedInUser(t.db);
      await addMember(t.db, { companyId: setup.company.id, userId: signed.user.id, role: 2 });
      const admin = { token: signed.token, companyId: setup.company.id, user: signed.user };
      senders.push(admin);
      const size = Math.min(invitation.perUser - 1, invitation.perCompany - sent, 20);
      const res = await calls.jobInvite(
        admin,
        [...Array(size)].map(() => address()),
      );
      expect(res.statusCode, res.body).toBe(201);
      sent += size;
    }
    const res = await calls.companyInvite(senders[0]!);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(messages.tooManyEmails);
    // Another company is not affected.
    const elsewhere = await team();
    expect((await emailCalls(elsewhere).companyInvite(elsewhere.admin)).statusCode).toBe(201);
  });

  it(`stops re-engaging after ${reengage.perUser} sends an hour per sender`, async () => {
    const setup = await team();
    const calls = emailCalls(setup);
    for (let i = 0; i < reengage.perUser; i++)
      expect((await calls.reengage(setup.manager)).statusCode).toBe(200);
    expect((await calls.reengage(setup.manager)).statusCode).toBe(429);
  });

  it("a request naming another company's id answers 404 before anything is counted or sent", async () => {
    const setup = await team();
    const stranger = await hiringTeam(t.db);
    const posing = { ...stranger.admin, companyId: setup.company.id };
    const before = await outboxSize();
    for (const call of Object.values(emailCalls(setup))) expect((await call(posing)).statusCode).toBe(404);
    expect(await outboxSize()).toBe(before);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, outboxEmails } from '@hirecast/db/schema';
import { addMember, createCompany, createJob, createUser } from '@hirecast/db/factories';
import { BARISTA_DESCRIPTION, MATCHING_BARISTA_CV } from '@hirecast/db/cv-files';
import type { TAiSettings } from '@hirecast/domain/job';
import type { TMailMessage } from '../../../src/lib/context.ts';
import { screenApplication } from '../../../src/modules/applications/screening.ts';
import { sendDigests } from '../../../src/modules/digests/service.ts';
import { sendJobLetters } from '../../../src/modules/job-letters/service.ts';
import { createApplication } from '../../support/applicants-support.ts';
import { apply, applyBody, openJob, uniqueEmail } from '../../support/apply-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 23 item 7, decision 018: the confirmed-sender rule of the letters a person sends holds for the ones the
// product sends by itself. An automatic letter is signed (name, address for replies) only by someone who
// confirmed their address; summaries and instant notices go only to confirmed addresses.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

/** The app's context with a mail service that keeps what it is given. */
function capturing() {
  const sent: TMailMessage[] = [];
  return { sent, deps: { ...t.app.ctx, mail: { send: async (m: TMailMessage) => void sent.push(m) } } };
}

/** A company whose members are given as [first name, role, confirmed], in order of joining. */
async function companyOf(members: [string, 0 | 1 | 2, boolean][]) {
  const company = await createCompany(t.db);
  const users = [];
  for (const [firstName, role, verified] of members) {
    const user = await createUser(t.db, {
      email: uniqueEmail(firstName.toLowerCase()),
      firstName,
      lastName: 'Member',
      verified,
    });
    await addMember(t.db, { companyId: company.id, userId: user.id, role });
    users.push(user);
  }
  return { company, users };
}

const preLaunch = (companyId: string, createdBy: string) =>
  createJob(t.db, { companyId, createdBy, status: 'open', isHiringNow: false, publishedAt: new Date() });

describe('automatic letters', () => {
  it("the Early Bird letter is signed by the first confirmed admin, not by the job's unconfirmed creator", async () => {
    const { company, users } = await companyOf([
      ['Uma', 1, false], // created the job, never confirmed
      ['Una', 2, false], // first admin, never confirmed
      ['Cora', 2, true],
    ]);
    const [creator, firstAdmin, confirmed] = users;
    const job = await preLaunch(company.id, creator!.id);
    const application = await createApplication(t.db, job);
    const { sent, deps } = capturing();
    expect(
      await sendJobLetters(deps, { jobId: job.id, kind: 'hiringSoon', applicationId: application.id }),
    ).toEqual({ sent: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.replyTo).toBe(confirmed!.email);
    expect(sent[0]!.text).toContain('Cora Member');
    for (const stranger of [creator!, firstAdmin!]) {
      expect(sent[0]!.text).not.toContain(`${stranger.firstName} Member`);
      expect(JSON.stringify(sent[0])).not.toContain(stranger.email);
    }
  });

  it('goes unsigned, with no address for replies, when no one confirmed theirs', async () => {
    const { company, users } = await companyOf([['Uma', 2, false]]);
    const job = await preLaunch(company.id, users[0]!.id);
    const application = await createApplication(t.db, job);
    const { sent, deps } = capturing();
    await sendJobLetters(deps, { jobId: job.id, kind: 'hiringSoon', applicationId: application.id });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.replyTo).toBeUndefined();
    expect(JSON.stringify(sent[0])).not.toContain(users[0]!.email);
  });

  it("the AI screening's letter is not sent in an unconfirmed member's name (recorded as not sent)", async () => {
    const aiSettings: TAiSettings = {
      isScreening: true,
      isAutoShortlist: true,
      isShortlist: true,
      isAutoRejection: false,
      isDisableApplicantFeedbackDialog: false,
      score: 3,
    };
    const screened = async (members: [string, 0 | 1 | 2, boolean][]) => {
      const { company, users } = await companyOf(members);
      const job = await createJob(t.db, {
        companyId: company.id,
        createdBy: users[0]!.id,
        status: 'open',
        title: 'Barista',
        description: BARISTA_DESCRIPTION,
        aiSettings,
      });
      const application = await createApplication(t.db, job, {
        customQuestion: MATCHING_BARISTA_CV.join('\n'),
      });
      const { sent, deps } = capturing();
      const result = await screenApplication(deps, { applicationId: application.id });
      expect(result).toMatchObject({ outcome: 'scored', action: 'shortlist' });
      const [event] = await t.db
        .select()
        .from(applicationHistory)
        .where(eq(applicationHistory.applicationId, application.id));
      return { sent, users, event: event! };
    };

    const unconfirmed = await screened([['Uma', 2, false]]);
    expect(unconfirmed.sent).toEqual([]);
    expect(unconfirmed.event.isLetterSent).toBe(false);

    const mixed = await screened([
      ['Uma', 2, false],
      ['Cora', 2, true],
    ]);
    expect(mixed.sent.map((m) => m.replyTo)).toEqual([mixed.users[1]!.email]);
    expect(mixed.event.isLetterSent).toBe(true);
  });
});

describe('summaries and instant notices', () => {
  const mailsTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

  it('a daily summary goes only to members who confirmed their address', async () => {
    const now = new Date('2026-11-20T07:00:00Z');
    const company = await createCompany(t.db);
    const member = async (verified: boolean) => {
      const user = await createUser(t.db, { email: uniqueEmail('digest'), digestType: 'daily', verified });
      await addMember(t.db, { companyId: company.id, userId: user.id, role: 2 });
      return user;
    };
    const confirmed = await member(true);
    const unconfirmed = await member(false);
    const job = await createJob(t.db, { companyId: company.id, status: 'open', title: 'Night Porter' });
    await createApplication(t.db, job, { sentAt: new Date(now.getTime() - 3600_000) });
    await sendDigests(t.app.ctx, { period: 'daily', now });
    expect((await mailsTo(confirmed.email)).map((m) => m.subject)).toEqual([
      'Your daily summary: 1 new application',
    ]);
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });

  it('an instant notice of a new application goes only to members who confirmed their address', async () => {
    const setup = await openJob(t.db, { isVideoOptional: true });
    const unconfirmed = await createUser(t.db, {
      email: uniqueEmail('instant'),
      digestType: 'instant',
      verified: false,
    });
    await addMember(t.db, { companyId: setup.company.id, userId: unconfirmed.id, role: 2 });
    const res = await apply(t.app, setup.job.shortId, applyBody());
    expect(res.statusCode, res.body).toBe(201);
    expect((await mailsTo(setup.instantAdmin.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New application for /),
    ]);
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });
});

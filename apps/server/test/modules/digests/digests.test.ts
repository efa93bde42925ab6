import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySharingSettings, outboxEmails, users } from '@hirecast/db/schema';
import { addMember, createCompany, createJob, createUser } from '@hirecast/db/factories';
import { isDigestHour, sendDigests } from '../../../src/modules/digests/service.ts';
import { createTestApp } from '../../support/helper.ts';
import { createApplication } from '../../support/applicants-support.ts';
import { uniqueEmail } from '../../support/apply-support.ts';

// Issue 6 item 8: daily and weekly summaries to the team members who chose them, of the applications since
// their last summary, once each, with a link to each job's applicants.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const mailsTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

async function company() {
  const row = await createCompany(t.db);
  const member = async (digestType: string, role: 0 | 1 | 2) => {
    const user = await createUser(t.db, { email: uniqueEmail('team'), digestType, firstName: 'Robin' });
    await addMember(t.db, { companyId: row.id, userId: user.id, role });
    return user;
  };
  return {
    row,
    daily: await member('daily', 2),
    weekly: await member('weekly', 1),
    instant: await member('instant', 2),
    dailyViewer: await member('daily', 0),
  };
}

describe('daily and weekly digests', () => {
  const now = new Date('2026-11-20T07:00:00Z');
  let team: Awaited<ReturnType<typeof company>>;
  let job: { id: string; companyId: string; title: string };
  beforeAll(async () => {
    team = await company();
    job = await createJob(t.db, { companyId: team.row.id, status: 'open', title: 'Night Porter' });
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    await createApplication(t.db, job, { firstName: 'Ada', lastName: 'Lovelace', sentAt: at(2) });
    await createApplication(t.db, job, { firstName: 'Alan', lastName: 'Turing', sentAt: at(20) });
    await createApplication(t.db, job, { firstName: 'Old', lastName: 'News', sentAt: at(30) });
    await createApplication(t.db, job, {
      firstName: 'Gone',
      lastName: 'Away',
      sentAt: at(3),
      status: 'withdrawn',
    });
    await createApplication(t.db, job, { firstName: 'Last', lastName: 'Week', sentAt: at(24 * 6) });
  });

  it('sends the daily summary of the last 24 hours to daily managers and admins only, once', async () => {
    await sendDigests(t.app.ctx, { period: 'daily', now });
    const [mail, ...more] = await mailsTo(team.daily.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your daily summary: 2 new applications');
    expect(mail!.text).toContain('Night Porter');
    expect(mail!.text).toContain('2 new applicants: Alan Turing, Ada Lovelace.');
    expect(mail!.text).not.toContain('Old News');
    expect(mail!.text).not.toContain('Gone Away');
    expect(mail!.text).toContain(`/jobs/${job.id}/view`);
    // Viewers are not notified of applications (as for instant ones); weekly and instant people wait.
    for (const other of [team.dailyViewer, team.weekly, team.instant])
      expect(await mailsTo(other.email)).toEqual([]);

    // Run again (a retry, or the next day with nothing new): nothing is repeated.
    await sendDigests(t.app.ctx, { period: 'daily', now: new Date(now.getTime() + HOUR) });
    expect(await mailsTo(team.daily.email)).toHaveLength(1);
    const [user] = await t.db.select().from(users).where(eq(users.id, team.daily.id));
    expect(user!.lastDigestAt?.toISOString()).toBe(new Date(now.getTime() + HOUR).toISOString());
  });

  it('sends the weekly summary of the last seven days', async () => {
    await sendDigests(t.app.ctx, { period: 'weekly', now });
    const [mail] = await mailsTo(team.weekly.email);
    expect(mail!.subject).toBe('Your weekly summary: 4 new applications');
    expect(mail!.text).toContain('Last Week');
  });

  it('covers only what came since the last summary, and sends nothing when nothing came', async () => {
    const next = new Date(now.getTime() + 24 * HOUR);
    await createApplication(t.db, job, {
      firstName: 'Grace',
      lastName: 'Hopper',
      sentAt: new Date(next.getTime() - HOUR),
    });
    await sendDigests(t.app.ctx, { period: 'daily', now: next });
    const mails = await mailsTo(team.daily.email);
    expect(mails).toHaveLength(2);
    const latest = mails.find((m) => m.text.includes('Grace Hopper'))!;
    expect(latest.subject).toBe('Your daily summary: 1 new application');
    expect(latest.text).not.toContain('Ada Lovelace');
    await sendDigests(t.app.ctx, { period: 'daily', now: new Date(next.getTime() + 24 * HOUR) });
    expect(await mailsTo(team.daily.email)).toHaveLength(2);
  });
});

describe('digests at 07:00 in the company time zone', () => {
  it('sends on the hourly run at 07:00 local time only, for weekly ones on Monday', async () => {
    const tokyo = await createCompany(t.db);
    await t.db.insert(companySharingSettings).values({ companyId: tokyo.id, timeZone: 'Asia/Tokyo' });
    const person = await createUser(t.db, { email: uniqueEmail('tokyo'), digestType: 'daily' });
    await addMember(t.db, { companyId: tokyo.id, userId: person.id, role: 2 });
    const weekly = await createUser(t.db, { email: uniqueEmail('tokyo-w'), digestType: 'weekly' });
    await addMember(t.db, { companyId: tokyo.id, userId: weekly.id, role: 2 });
    const job = await createJob(t.db, { companyId: tokyo.id, status: 'open', title: 'Sushi Chef' });
    // Monday 2026-11-23 07:00 in Tokyo is Sunday 22:00 UTC.
    const seven = new Date('2026-11-22T22:00:00Z');
    await createApplication(t.db, job, {
      firstName: 'Kei',
      lastName: 'Sato',
      sentAt: new Date(seven.getTime() - 2 * HOUR),
    });
    // 07:00 UTC (16:00 in Tokyo): not their hour.
    await sendDigests(t.app.ctx, {
      period: 'daily',
      now: new Date('2026-11-22T07:00:00Z'),
      onlyDueNow: true,
    });
    expect(await mailsTo(person.email)).toEqual([]);
    await sendDigests(t.app.ctx, { period: 'daily', now: seven, onlyDueNow: true });
    expect(await mailsTo(person.email)).toHaveLength(1);
    await sendDigests(t.app.ctx, { period: 'weekly', now: seven, onlyDueNow: true });
    expect(await mailsTo(weekly.email)).toHaveLength(1);
    // A London company's people wait for 07:00 in London.
    expect(isDigestHour('daily', seven, 'Europe/London')).toBe(false);
    expect(isDigestHour('daily', new Date('2026-07-01T06:00:00Z'), 'Europe/London')).toBe(true);
    expect(isDigestHour('weekly', new Date('2026-07-01T06:00:00Z'), 'Europe/London')).toBe(false);
  });
});

describe('the digest schedules', () => {
  it('are registered with the queue when the process runs the jobs', async () => {
    const worker = await createTestApp({ QUEUE_INPROCESS: 'true' });
    try {
      const rows = await worker.db.execute<{ name: string; key: string; cron: string }>(
        "select name, key, cron from pgboss.schedule where name = 'digest.send' order by key",
      );
      expect(rows.rows ?? rows).toEqual([
        // Hourly: each run sends to those at 07:00 in their company's time zone (issue 17 item 11).
        { name: 'digest.send', key: 'daily', cron: '0 * * * *' },
        { name: 'digest.send', key: 'weekly', cron: '0 * * * *' },
      ]);
    } finally {
      await worker.close();
    }
  });
});

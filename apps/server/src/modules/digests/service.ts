import { and, asc, eq, exists, gt, gte, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { applications, companies, jobs, jobTeamMembers, memberships, users } from '@hirecast/db/schema';
import { DEFAULT_TIME_ZONE, localClock } from '@hirecast/domain/sharing';
import { ROLES } from '@hirecast/domain/constants';
import { applicantMessages } from '@hirecast/domain/applicants';
import type { TContext, TMailMessage } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TQueue } from '../../lib/queue/queue.ts';

// Issue 6 item 8: the daily and weekly summaries of new applications, for the team members whose digestType
// asks for them (instant notifications go out as each application arrives: public-apply/emails.ts). The same
// people hear as for instant ones: the company's job managers and admins, and the job's team.
//
// Each person's summary covers the time since their last one (at most one period back), and their
// lastDigestAt moves only once their email has gone, so a retried job neither repeats nor skips anything.

export type TDigestPeriod = 'daily' | 'weekly';
const PERIOD_MS: Record<TDigestPeriod, number> = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 };
/** Names listed per job; the rest are counted. */
const NAMES_PER_JOB = 5;

/**
 * When the summaries go: daily at 07:00, weekly on Monday at 07:00, in the time zone of the person's company
 * (issue 17 item 11; the company's analytics time zone, default Europe/London). The schedules run hourly and
 * each run sends to those for whom it is now that local hour.
 */
export const DIGEST_LOCAL_HOUR = 7;
const MONDAY = 1;
export const DIGEST_SCHEDULES: Record<TDigestPeriod, string> = {
  daily: '0 * * * *',
  weekly: '0 * * * *',
};

/** True when `now` is the local send hour (and for weekly ones, Monday) in `timeZone`. */
export function isDigestHour(period: TDigestPeriod, now: Date, timeZone: string) {
  const clock = localClock(now, timeZone);
  return clock.hour === DIGEST_LOCAL_HOUR && (period === 'daily' || clock.weekday === MONDAY);
}

type TDigestJob = { jobId: string; title: string; companyName: string; names: string[]; count: number };

async function newApplicationsFor(
  db: TContext['db'],
  { userId, from, to }: { userId: string; from: Date; to: Date },
) {
  const manager = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, jobs.companyId),
        eq(memberships.userId, userId),
        gte(memberships.role, ROLES.jobManager),
      ),
    );
  const onTeam = db
    .select({ id: jobTeamMembers.id })
    .from(jobTeamMembers)
    .where(and(eq(jobTeamMembers.jobId, jobs.id), eq(jobTeamMembers.userId, userId)));
  const rows = await db
    .select({
      jobId: jobs.id,
      title: jobs.title,
      companyName: companies.name,
      firstName: applications.firstName,
      lastName: applications.lastName,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(
      and(
        gt(applications.sentAt, from),
        lte(applications.sentAt, to),
        ne(applications.status, 'withdrawn'),
        or(exists(manager), exists(onTeam)),
      ),
    )
    .orderBy(asc(companies.name), asc(jobs.title), asc(applications.sentAt));
  const byJob = new Map<string, TDigestJob>();
  for (const row of rows) {
    const job = byJob.get(row.jobId) ?? {
      jobId: row.jobId,
      title: row.title || applicantMessages.untitledJob,
      companyName: row.companyName,
      names: [],
      count: 0,
    };
    job.count += 1;
    if (job.names.length < NAMES_PER_JOB) job.names.push(`${row.firstName} ${row.lastName}`.trim());
    byJob.set(row.jobId, job);
  }
  return [...byJob.values()];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function digestEmail({
  publicUrl,
  to,
  firstName,
  period,
  jobs: summary,
}: {
  publicUrl: string;
  to: string;
  firstName: string;
  period: TDigestPeriod;
  jobs: TDigestJob[];
}): TMailMessage {
  const total = summary.reduce((sum, job) => sum + job.count, 0);
  const since = period === 'daily' ? 'since yesterday' : 'this week';
  const lines = summary.map((job) => {
    const more = job.count - job.names.length;
    const names = job.names.join(', ') + (more > 0 ? ` and ${more} more` : '');
    return `${job.title} at ${job.companyName}, ${plural(job.count, 'new applicant')}: ${names}. ${publicUrl}/jobs/${job.jobId}/view`;
  });
  const { text, html } = renderEmail({
    heading: `${plural(total, 'new application')} ${since}`,
    paragraphs: [`Hi ${firstName}, here is who applied ${since}.`, ...lines],
    action: { label: 'Review applicants', url: `${publicUrl}/jobs` },
  });
  return {
    to,
    subject: `Your ${period} summary: ${plural(total, 'new application')}`,
    text,
    html,
  };
}

/** Sends the summaries of `period` due at `now`; answers how many went. */
export async function sendDigests(
  ctx: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
  {
    period,
    now = new Date(),
    onlyDueNow = false,
  }: {
    period: TDigestPeriod;
    now?: Date;
    /** The hourly schedule: only those at their local send hour. */ onlyDueNow?: boolean;
  },
) {
  const everyone = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastDigestAt: users.lastDigestAt,
      // The time zone of the person's first company.
      timeZone: sql<string>`coalesce((
        select s.time_zone from memberships m
        left join company_sharing_settings s on s.company_id = m.company_id
        where m.user_id = "users"."id" order by m.created_at limit 1
      ), ${DEFAULT_TIME_ZONE})`,
    })
    .from(users)
    // Decision 018: the product writes to an address only once its owner confirmed it.
    .where(and(eq(users.digestType, period), isNotNull(users.emailVerifiedAt)));
  const recipients = onlyDueNow ? everyone.filter((u) => isDigestHour(period, now, u.timeZone)) : everyone;
  let sent = 0;
  let failed = 0;
  const earliest = new Date(now.getTime() - PERIOD_MS[period]);
  for (const user of recipients) {
    const from = user.lastDigestAt && user.lastDigestAt > earliest ? user.lastDigestAt : earliest;
    if (from >= now) continue;
    const summary = await newApplicationsFor(ctx.db, { userId: user.id, from, to: now });
    if (summary.length > 0) {
      try {
        await ctx.mail.send(
          digestEmail({
            publicUrl: ctx.config.publicUrl,
            to: user.email,
            firstName: user.firstName,
            period,
            jobs: summary,
          }),
        );
        sent += 1;
      } catch (err) {
        ctx.log.error({ err, userId: user.id, period }, 'digest not sent');
        failed += 1;
        continue;
      }
    }
    await ctx.db.update(users).set({ lastDigestAt: now }).where(eq(users.id, user.id));
  }
  // A retry reaches only those whose email failed: the others' lastDigestAt has moved on.
  if (failed > 0) throw new Error(`${failed} ${period} digest(s) not sent`);
  return { sent };
}

/** The 'digest.send' worker and its two schedules. */
export async function registerDigests(queue: TQueue, ctx: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>) {
  await queue.work('digest.send', ({ period }) => sendDigests(ctx, { period, onlyDueNow: true }));
  for (const period of ['daily', 'weekly'] as const)
    await queue.schedule('digest.send', DIGEST_SCHEDULES[period], { period }, { key: period, tz: 'UTC' });
}

import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  applicationConsents,
  applicationRetention,
  applications,
  companies,
  companyPrivacySettings,
  dataExports,
  jobs,
} from '@hirecast/db/schema';
import { localClock, localDateOf } from '@hirecast/domain/sharing';
import {
  monthsLabel,
  privacyMessages,
  RETENTION_LOCAL_HOUR,
  RETENTION_WARNING_DAYS,
} from '@hirecast/domain/privacy';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { ACTOR_RETENTION_RULE } from '../../lib/privacy-audit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { ACTOR_CANDIDATE, recordHistory } from '../applications/index.ts';
import { eraseApplication } from './erase.ts';
import { runPendingErasures } from './pending-erasure.ts';
import { dueApplications, readRules, RUN_CAP_PER_COMPANY } from './rules.ts';

type TCtx = Pick<TContext, 'db' | 'storage' | 'log' | 'mail' | 'config'>;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600_000;

/** The one-click link of the warning email (its token is redacted in logs: lib/request-log.ts). */
export const keepLink = (publicUrl: string, token: string) => `${publicUrl}/keep/${token}`;

const formatDay = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(d);

async function sendWarning(
  ctx: TCtx,
  {
    applicationId,
    dueAt,
    now,
    timeZone,
  }: { applicationId: string; dueAt: Date; now: Date; timeZone: string },
) {
  const [row] = await ctx.db
    .select({ a: applications, jobTitle: jobs.title, companyName: companies.name })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(eq(applications.id, applicationId));
  if (!row) return;
  const token = newToken();
  // Recorded before sending: a retried run does not email twice; the rule waits 14 days from here whatever happens.
  await ctx.db
    .insert(applicationRetention)
    .values({ applicationId, warnedAt: now, keepTokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: applicationRetention.applicationId,
      set: { warnedAt: now, keepTokenHash: hashToken(token) },
    });
  const when = formatDay(
    new Date(Math.max(dueAt.getTime(), now.getTime() + RETENTION_WARNING_DAYS * DAY_MS)),
    timeZone,
  );
  const { text, html } = renderEmail({
    heading: `Keep your application to ${row.companyName}?`,
    paragraphs: [
      `${row.companyName} keeps applications only for a limited time. Your application for ${row.jobTitle} and the details, CV and video you sent will be removed on or after ${when}.`,
      'If you would like them to keep it for longer and consider you for future roles, use the button below. You do not need to do anything otherwise.',
    ],
    action: { label: 'Keep my application', url: keepLink(ctx.config.publicUrl, token) },
  });
  try {
    await ctx.mail.send({
      to: row.a.email,
      subject: `Your application to ${row.companyName} will be removed on ${when}`,
      text,
      html,
      applicationId,
    });
  } catch (err) {
    ctx.log.error({ err, applicationId }, 'retention warning not sent');
  }
}

/**
 * One company's rules at `now`: warnings first, then the anonymisations or deletions that are due (each by its own
 * rule's action), then the candidates' erasure requests whose hold has ended.
 */
export async function runRetentionForCompany(
  ctx: TCtx,
  { companyId, now }: { companyId: string; now: Date },
) {
  const rules = await readRules(ctx.db, companyId);
  const due = await dueApplications(ctx.db, { companyId, rules, now, limit: RUN_CAP_PER_COMPANY });
  let warned = 0;
  let acted = 0;
  for (const item of due) {
    if (item.act) {
      const outcome = await eraseApplication(ctx, {
        companyId,
        applicationId: item.id,
        mode: item.action,
        actor: { id: null, name: ACTOR_RETENTION_RULE },
        ip: null,
        now,
      });
      if (outcome === 'erased') acted += 1;
    } else if (item.warn) {
      await sendWarning(ctx, { applicationId: item.id, dueAt: item.dueAt, now, timeZone: rules.timeZone });
      warned += 1;
    }
  }
  // Issue 33: erasures candidates asked for while on hold, whose release did not complete them.
  acted += await runPendingErasures(ctx, companyId);
  return { warned, acted };
}

/**
 * The nightly run (pg-boss schedule, hourly): each company's rules run once a local night, at the first run from
 * RETENTION_LOCAL_HOUR in the company's time zone. The company is claimed by moving its `lastRunOn` to the local
 * date in one statement, so two workers never run one company twice. Expired exports are removed as well.
 */
export async function runNightly(ctx: TCtx, now = new Date()) {
  const candidates = await ctx.db.execute<{ id: string; time_zone: string | null }>(sql`
    select c.id, s.time_zone from companies c
    left join company_sharing_settings s on s.company_id = c.id
    where exists (select 1 from applications a where a.company_id = c.id)`);
  const ran: string[] = [];
  for (const company of candidates.rows) {
    const timeZone = company.time_zone ?? 'Europe/London';
    if (localClock(now, timeZone).hour < RETENTION_LOCAL_HOUR) continue;
    const today = localDateOf(now, timeZone);
    const claimed = await ctx.db
      .insert(companyPrivacySettings)
      .values({ companyId: company.id, lastRunOn: today })
      .onConflictDoUpdate({
        target: companyPrivacySettings.companyId,
        set: { lastRunOn: today },
        setWhere: or(
          isNull(companyPrivacySettings.lastRunOn),
          sql`${companyPrivacySettings.lastRunOn} <> ${today}`,
        ),
      })
      .returning({ id: companyPrivacySettings.companyId });
    if (claimed.length === 0) continue;
    await runRetentionForCompany(ctx, { companyId: company.id, now });
    ran.push(company.id);
  }
  const expired = await ctx.db
    .delete(dataExports)
    .where(sql`${dataExports.expiresAt} <= ${now.toISOString()}::timestamptz`)
    .returning({ fileKey: dataExports.fileKey });
  for (const { fileKey } of expired)
    if (fileKey)
      await ctx.storage.remove(fileKey).catch((err: unknown) => ctx.log.warn({ err }, 'export not removed'));
  return ran;
}

/**
 * The candidate's "Keep my application": renews consent for the rule's months from now (a consent record and a
 * history item) and clears the warning. The link keeps working: opened again (a double click, a mail scanner
 * that followed it first) it answers the same application's renewal, `alreadyKept`, and renews nothing twice.
 * It ends when a newer warning replaces it, and with the application's anonymisation.
 */
export async function keepApplication(ctx: Pick<TContext, 'db'>, token: string, now = new Date()) {
  if (!TOKEN.test(token)) throw new AppError('NOT_FOUND', privacyMessages.keepLinkInvalid);
  const [row] = await ctx.db
    .select({ a: applications, companyName: companies.name, retention: applicationRetention })
    .from(applicationRetention)
    .innerJoin(applications, eq(applications.id, applicationRetention.applicationId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(
      and(
        eq(applicationRetention.keepTokenHash, hashToken(token)),
        isNull(applicationRetention.anonymisedAt),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', privacyMessages.keepLinkInvalid);
  const rules = await readRules(ctx.db, row.a.companyId);
  const months =
    row.a.status === 'hired'
      ? rules.hiredMonths
      : ['rejected', 'withdrawn'].includes(row.a.status)
        ? rules.rejectedMonths
        : rules.inactiveMonths;
  const answer = (until: Date, alreadyKept: boolean) => ({
    companyId: row.a.companyId,
    companyName: row.companyName,
    until: until.toISOString(),
    untilDay: formatDay(until, rules.timeZone),
    months,
    alreadyKept,
  });
  const kept = await ctx.db.transaction(async (tx) => {
    // The warning is cleared by the first open only: of two opens at once, one renews and the other finds it kept.
    const [claimed] = await tx
      .update(applicationRetention)
      .set({ consentRenewedAt: now, warnedAt: null })
      .where(and(eq(applicationRetention.applicationId, row.a.id), isNotNull(applicationRetention.warnedAt)))
      .returning({ applicationId: applicationRetention.applicationId });
    if (!claimed) return null;
    const until = new Date(now);
    until.setUTCMonth(until.getUTCMonth() + months);
    await tx
      .insert(applicationConsents)
      .values({ applicationId: row.a.id, kind: 'renewed', until, createdAt: now });
    await recordHistory(tx, {
      applicationId: row.a.id,
      actor: { id: null, name: ACTOR_CANDIDATE },
      eventName: 'message',
      details: {
        title: 'Candidate asked to keep their application',
        text: `Consent renewed for ${monthsLabel(months)}, until ${formatDay(until, rules.timeZone)}.`,
      },
    });
    return until;
  });
  if (kept) return answer(kept, false);
  const [renewal] = await ctx.db
    .select({ until: applicationConsents.until })
    .from(applicationConsents)
    .where(and(eq(applicationConsents.applicationId, row.a.id), eq(applicationConsents.kind, 'renewed')))
    .orderBy(desc(applicationConsents.createdAt))
    .limit(1);
  if (!renewal?.until) throw new AppError('NOT_FOUND', privacyMessages.keepLinkInvalid);
  return answer(renewal.until, true);
}

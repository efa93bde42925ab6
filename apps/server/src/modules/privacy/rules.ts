import { eq, sql } from 'drizzle-orm';
import { companyPrivacySettings, companySharingSettings } from '@hirecast/db/schema';
import {
  DEFAULT_RETENTION,
  RETENTION_WARNING_DAYS,
  retentionActionOf,
  retentionRuleOf,
  type TRetentionAction,
  type TRetentionRules,
} from '@hirecast/domain/privacy';
import { DEFAULT_TIME_ZONE } from '@hirecast/domain/sharing';
import type { TContext } from '../../lib/context.ts';

// Issue 26 items 1–2: when each rule acts (decision 029).
//   - rejected or withdrawn: N months after the last status change;
//   - hired: N months after the hire;
//   - any other status: N months after the last activity (application, edit, history item or note).
// A renewal by the candidate ("Keep my application") restarts the count from the renewal. Applications on legal
// hold and anonymised ones are left alone. The candidate is warned RETENTION_WARNING_DAYS before, and the rule acts
// only once that warning is at least that old, so nobody is erased without the notice (even when an admin shortens
// a rule); a warning from an earlier period (activity moved the date on) does not count.

/** Applications one run acts on at most per company (fairness: one large company cannot hold up the rest). */
export const RUN_CAP_PER_COMPANY = 500;

export async function readRules(
  db: TContext['db'],
  companyId: string,
): Promise<TRetentionRules & { privacyPolicyUrl: string | null; timeZone: string }> {
  const [row] = await db
    .select({ p: companyPrivacySettings, timeZone: companySharingSettings.timeZone })
    .from(companyPrivacySettings)
    .fullJoin(companySharingSettings, eq(companySharingSettings.companyId, companyPrivacySettings.companyId))
    .where(
      sql`coalesce(${companyPrivacySettings.companyId}, ${companySharingSettings.companyId}) = ${companyId}`,
    )
    .limit(1);
  const p = row?.p;
  return {
    rejectedMonths: p?.rejectedMonths ?? DEFAULT_RETENTION.rejectedMonths,
    inactiveMonths: p?.inactiveMonths ?? DEFAULT_RETENTION.inactiveMonths,
    hiredMonths: p?.hiredMonths ?? DEFAULT_RETENTION.hiredMonths,
    rejectedAction: (p?.rejectedAction as TRetentionAction | undefined) ?? DEFAULT_RETENTION.rejectedAction,
    inactiveAction: (p?.inactiveAction as TRetentionAction | undefined) ?? DEFAULT_RETENTION.inactiveAction,
    hiredAction: (p?.hiredAction as TRetentionAction | undefined) ?? DEFAULT_RETENTION.hiredAction,
    privacyPolicyUrl: p?.privacyPolicyUrl ?? null,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

export type TDueApplication = {
  id: string;
  dueAt: Date;
  warn: boolean;
  act: boolean;
  /** What the application's own rule does (issue 33: each rule has its action). */
  action: TRetentionAction;
};

/** The applications of a company that a run at `now` would warn or act on under `rules`. */
export async function dueApplications(
  db: TContext['db'],
  { companyId, rules, now, limit }: { companyId: string; rules: TRetentionRules; now: Date; limit?: number },
): Promise<TDueApplication[]> {
  const warnDays = sql.raw(`interval '${RETENTION_WARNING_DAYS} days'`);
  const stale = sql.raw(`interval '${RETENTION_WARNING_DAYS + 1} days'`);
  const at = now.toISOString();
  const result = await db.execute<{
    id: string;
    status: string;
    due_at: string;
    warn: boolean;
    act: boolean;
  }>(sql`
    with base as (
      select a.id, a.status, r.warned_at,
        greatest(
          case when a.status in ('rejected', 'withdrawn', 'hired') then
            coalesce(
              (select max(h.created_at) from application_history h
                where h.application_id = a.id and h.event_name = 'statusChanged'),
              a.withdrawn_at, a.updated_at)
          else greatest(a.sent_at, a.updated_at,
            coalesce((select max(h.created_at) from application_history h where h.application_id = a.id), a.sent_at),
            coalesce((select max(n.created_at) from application_notes n where n.application_id = a.id), a.sent_at))
          end,
          coalesce(r.consent_renewed_at, '-infinity'::timestamptz)) as started,
        case when a.status in ('rejected', 'withdrawn') then ${rules.rejectedMonths}::int
             when a.status = 'hired' then ${rules.hiredMonths}::int
             else ${rules.inactiveMonths}::int end as months
      from applications a
      left join application_retention r on r.application_id = a.id
      where a.company_id = ${companyId} and r.anonymised_at is null and r.hold_at is null
    ), due as (
      select id, status, warned_at, started + make_interval(months => months) as due_at from base
    )
    select id, status, due_at,
      (warned_at is null or warned_at < due_at - ${stale}) as warn,
      (due_at <= ${at}::timestamptz and warned_at is not null and warned_at >= due_at - ${stale}
        and warned_at <= ${at}::timestamptz - ${warnDays}) as act
    from due
    where due_at - ${warnDays} <= ${at}::timestamptz
    order by due_at
    ${limit ? sql`limit ${limit}` : sql``}`);
  return result.rows
    .map((r) => ({
      id: r.id,
      dueAt: new Date(r.due_at),
      warn: r.warn,
      act: r.act,
      action: retentionActionOf(rules, retentionRuleOf(r.status)),
    }))
    .filter((r) => r.warn || r.act);
}

/** What the next run would do under `rules` (the settings page shows it before saving). */
export async function previewRules(
  db: TContext['db'],
  { companyId, rules, now = new Date() }: { companyId: string; rules: TRetentionRules; now?: Date },
) {
  const due = await dueApplications(db, { companyId, rules, now });
  return {
    warn: due.filter((d) => d.warn).length,
    anonymise: due.filter((d) => d.act && d.action === 'anonymise').length,
    delete: due.filter((d) => d.act && d.action === 'delete').length,
  };
}

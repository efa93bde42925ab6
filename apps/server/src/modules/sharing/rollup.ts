import { sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import type { TAttribution, TWatchBand } from '@hirecast/domain/sharing';

type TExecutor = Pick<TDb, 'execute'>;
export const ROLLUP_COUNTERS = [
  'visits',
  'applies',
  'submits',
  'v0',
  'v1',
  'v2',
  'a0',
  'a1',
  'a2',
  's0',
  's1',
  's2',
] as const;
export type TRollupCounter = (typeof ROLLUP_COUNTERS)[number];
export type TRollupDeltas = Partial<Record<TRollupCounter, number>>;

/**
 * Adds to the job's rollup rows of the local day, month, year (company time zone) that `at` falls in and to its
 * all-time row, under the given attribution, and to the company's chart sums. Runs inside the transaction that records the event, so the sums move with the events.
 */
export async function bumpRollup(
  db: TExecutor,
  {
    jobId,
    at,
    attribution,
    deltas,
  }: { jobId: string; at: Date; attribution: TAttribution; deltas: TRollupDeltas },
) {
  const values = ROLLUP_COUNTERS.map((c) => sql`${deltas[c] ?? 0}::int`);
  const updates = ROLLUP_COUNTERS.map((c) => sql.raw(`"${c}" = sharing_rollups."${c}" + excluded."${c}"`));
  const local = sql`(${at.toISOString()}::timestamptz AT TIME ZONE z.tz)`;
  const zone = sql`FROM jobs j
    CROSS JOIN LATERAL (SELECT coalesce((SELECT time_zone FROM company_sharing_settings s
      WHERE s.company_id = j.company_id), 'Europe/London') AS tz) z`;
  await db.execute(sql`
    INSERT INTO sharing_rollups (company_id, grain, bucket, job_id, referral_token, utm_source, utm_campaign,
      utm_medium, ${sql.raw(ROLLUP_COUNTERS.map((c) => `"${c}"`).join(', '))})
    SELECT j.company_id, g.grain,
      CASE g.grain WHEN 'd' THEN ${local}::date WHEN 'm' THEN date_trunc('month', ${local})::date
        WHEN 'y' THEN date_trunc('year', ${local})::date ELSE DATE '1970-01-01' END,
      j.id, ${attribution.referralToken ?? ''}, ${attribution.utmSource ?? ''}, ${attribution.utmCampaign ?? ''},
      ${attribution.utmMedium ?? ''}, ${sql.join(values, sql`, `)}
    ${zone}
    CROSS JOIN (VALUES ('d'), ('m'), ('y'), ('a')) AS g(grain)
    WHERE j.id = ${jobId}
    ON CONFLICT (company_id, grain, bucket, job_id, referral_token, utm_source, utm_campaign, utm_medium)
    DO UPDATE SET ${sql.join(updates, sql`, `)}`);
  const [visits, applies, submits] = [deltas.visits ?? 0, deltas.applies ?? 0, deltas.submits ?? 0];
  if (visits === 0 && applies === 0 && submits === 0) return;
  await db.execute(sql`
    INSERT INTO sharing_series (company_id, grain, bucket, referral, visits, applies, submits)
    SELECT j.company_id, g.grain,
      CASE g.grain WHEN 'd' THEN ${local}::date ELSE date_trunc('month', ${local})::date END,
      ${Boolean(attribution.referralToken)}, ${visits}::int, ${applies}::int, ${submits}::int
    ${zone}
    CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
    WHERE j.id = ${jobId}
    ON CONFLICT (company_id, grain, bucket, referral) DO UPDATE SET
      visits = sharing_series.visits + excluded.visits, applies = sharing_series.applies + excluded.applies,
      submits = sharing_series.submits + excluded.submits`);
}

/** The cohort counter of a session event in a watch band: a visit is v, an apply start a, a submission s. */
export const cohortCounter = (event: 'visit' | 'apply_started' | 'apply_submitted', band: TWatchBand) =>
  `${event === 'visit' ? 'v' : event === 'apply_started' ? 'a' : 's'}${band}` as TRollupCounter;

/** Rebuilds one company's rollup from its events (after a time zone change): SQL sharing_rollup_rebuild. */
export async function rebuildRollup(db: TExecutor, companyId: string) {
  await db.execute(sql`SELECT sharing_rollup_rebuild(${companyId}::uuid)`);
}

import { eq, sql } from 'drizzle-orm';
import type { TDb, TDbLike, TTx } from '@hirecast/db/client';
import { jobs } from '@hirecast/db/schema';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
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
async function bumpRollup(
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

/** The job's own counters a tracking event moves (spec 1 §3 stats). */
export type TJobCounter = 'totalVisits' | 'startedApplications' | 'submittedApplications';

type TRollupMove = { jobId: string; at: Date; attribution: TAttribution; deltas: TRollupDeltas };

/**
 * The counters one transaction moves: its rollup rows, chart sums and job counters, gathered while the
 * transaction records its events and written together by `write`, its last statements, so the transaction holds
 * their locks only from these writes to its commit. Moves of one moment and attribution are summed into one
 * write, and the rows are written in one order (rollup before job, sorted), so two transactions never wait on
 * each other in a circle.
 */
export type TCounterMoves = {
  rollup: (move: TRollupMove) => void;
  job: (jobId: string, counter: TJobCounter) => void;
  write: (tx: TDbLike) => Promise<void>;
};

function counterMoves(): TCounterMoves {
  const rollups = new Map<string, TRollupMove>();
  const jobCounters = new Map<string, Partial<Record<TJobCounter, number>>>();
  return {
    rollup(move) {
      const { referralToken, utmSource, utmCampaign, utmMedium } = move.attribution;
      const key = JSON.stringify([
        move.jobId,
        move.at.toISOString(),
        referralToken,
        utmSource,
        utmCampaign,
        utmMedium,
      ]);
      const summed = rollups.get(key) ?? { ...move, deltas: {} };
      for (const c of ROLLUP_COUNTERS) {
        const delta = move.deltas[c];
        if (delta) summed.deltas[c] = (summed.deltas[c] ?? 0) + delta;
      }
      rollups.set(key, summed);
    },
    job(jobId, counter) {
      const counters = jobCounters.get(jobId) ?? {};
      counters[counter] = (counters[counter] ?? 0) + 1;
      jobCounters.set(jobId, counters);
    },
    async write(tx) {
      for (const key of [...rollups.keys()].sort()) await bumpRollup(tx, rollups.get(key)!);
      for (const jobId of [...jobCounters.keys()].sort()) {
        const set = Object.fromEntries(
          Object.entries(jobCounters.get(jobId)!).map(([c, n]) => [
            c,
            sql`${jobs[c as TJobCounter]} + ${n}::int`,
          ]),
        );
        await tx.update(jobs).set(set).where(eq(jobs.id, jobId));
      }
    },
  };
}

const perJob = oneAtATime();

/**
 * A transaction that moves a job's counters (an application submitted, a visit or an apply start recorded, a
 * player's watch progress):
 * `body` records its events and adds the counters' moves, written when it ends. Every such transaction of a job
 * writes the same rows (the job's counters, its rollup rows, and for an application its status count), so
 * PostgreSQL runs them one after the other. In this process they also start one at a time per job
 * (oneAtATime): a burst of 50 applications to one job waits here, and the employers' screens keep the pooled
 * connections they need (the spike bench, docs/benchmarks.md). Not re-entrant: `body` must not open another
 * for the same job, which would wait for itself.
 */
export function withJobCounters<T>(
  db: TDb,
  jobId: string,
  body: (tx: TTx, moves: TCounterMoves) => Promise<T>,
): Promise<T> {
  return perJob(jobId, () =>
    db.transaction(async (tx) => {
      const moves = counterMoves();
      const result = await body(tx, moves);
      await moves.write(tx);
      return result;
    }),
  );
}

/** The cohort counter of a session event in a watch band: a visit is v, an apply start a, a submission s. */
export const cohortCounter = (event: 'visit' | 'apply_started' | 'apply_submitted', band: TWatchBand) =>
  `${event === 'visit' ? 'v' : event === 'apply_started' ? 'a' : 's'}${band}` as TRollupCounter;

/** Rebuilds one company's rollup from its events (after a time zone change): SQL sharing_rollup_rebuild. */
export async function rebuildRollup(db: TExecutor, companyId: string) {
  await db.execute(sql`SELECT sharing_rollup_rebuild(${companyId}::uuid)`);
}

// GET /api/sharing/adminStatistics for one company with 1,000,000 tracking events over 200 jobs and 50 sharers,
// on PostgreSQL (issue 16, bench item): p50/p95 through the API (app.inject: routing, auth, tenancy, the rollup
// queries, serialising) for This month, Last month, This year and All time. Target: p95 <= 100 ms.
//
// The events are written straight into job_tracking_events (two years of traffic: 600,000 browser sessions,
// each a visit, 5 in 12 an apply start, 3 in 12 a submission; 40 % through a sharer's link, 30 % through six
// campaigns, 30 % direct), then the rollup is built from them by the same SQL a time zone change runs.
//
// Usage: npm run bench:analytics [-- --iterations 100 --sessions 600000]
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh database
// is created on it for the run and dropped afterwards.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addMember, createJob, createUser } from '@hirecast/db/factories';
import { referralTokens } from '@hirecast/db/schema';
import { periodRange } from '@hirecast/domain/sharing';
import { companyStatistics } from '../apps/server/src/modules/sharing/statistics.ts';
import { companyWithMember } from '../apps/server/test/support/sessions.ts';
import { startInProcessApp } from './lib/in-process-app.mjs';
import { measure as measureRuns } from './lib/measure.mjs';

const { values: args } = parseArgs({
  options: {
    iterations: { type: 'string', default: '100' },
    sessions: { type: 'string', default: '600000' },
    keep: { type: 'boolean', default: false },
  },
});
const iterations = Number(args.iterations);
const sessions = Number(args.sessions);
const JOBS = 200;
const SHARERS = 50;

/** p50 and p95 of `iterations` runs of `fn`. */
const measure = (fn) => measureRuns(fn, iterations);

let bench;
try {
  bench = await startInProcessApp({ name: 'analytics' });
  const { app, database } = bench;
  const { db } = database;
  const boss = await companyWithMember(db, 2);
  const companyId = boss.company.id;
  const jobIds = [];
  for (let i = 0; i < JOBS; i++) jobIds.push((await createJob(db, { companyId, status: 'open' })).id);
  const tokens = [];
  for (let i = 0; i < SHARERS; i++) {
    const user = await createUser(db, { firstName: `Sharer${i}`, lastName: 'Bench' });
    await addMember(db, { companyId, userId: user.id, role: 1 });
    const token = `bench${String(i).padStart(7, '0')}`;
    await db.insert(referralTokens).values({ token, companyId, userId: user.id });
    tokens.push(token);
  }

  const started = performance.now();
  // Session i: its job, its attribution (sharer s shares 8 jobs; six campaigns; direct), its time within the
  // last two years, how far it watched; then its events.
  await db.execute(sql`
    WITH s AS (
      SELECT i,
        (${`{${jobIds.join(',')}}`}::uuid[])[1 + (CASE WHEN i % 10 < 4 THEN ((i % ${SHARERS}) * 4 + (i / ${SHARERS} % 8) * 25) % ${JOBS}
          ELSE (i * 7919) % ${JOBS} END)::int] AS job_id,
        CASE WHEN i % 10 < 4 THEN (${`{${tokens.join(',')}}`}::text[])[(1 + i % ${SHARERS})::int] END AS token,
        CASE WHEN i % 10 BETWEEN 4 AND 6 THEN (ARRAY['linkedin','indeed','newsletter','facebook','x','google'])[(1 + i % 6)::int] END AS src,
        CASE WHEN i % 10 BETWEEN 4 AND 6 THEN (ARRAY['spring','summer','autumn','winter','grads','always-on'])[(1 + i % 6)::int] END AS cmp,
        CASE WHEN i % 10 BETWEEN 4 AND 6 THEN (ARRAY['social','jobs','email','social','social','cpc'])[(1 + i % 6)::int] END AS med,
        now() - (((i * 2654435761::bigint) % 1000003)::float / 1000003) * interval '730 days' AS at,
        (i % 7) % 3 AS band
      FROM generate_series(1::bigint, ${sessions}::bigint) AS i
    )
    INSERT INTO job_tracking_events (job_id, event, session_id, utm_source, utm_campaign, utm_medium, referral_token,
      watch_band, created_at)
    SELECT s.job_id, e.event, 'bench-' || s.i,
      CASE WHEN s.token IS NOT NULL THEN 'sharer' ELSE s.src END,
      CASE WHEN s.token IS NOT NULL THEN 'share-reward' ELSE s.cmp END,
      CASE WHEN s.token IS NOT NULL THEN 'employer-app' ELSE s.med END,
      s.token, CASE WHEN e.event = 'visit' THEN s.band ELSE 0 END, s.at + e.later
    FROM s CROSS JOIN LATERAL (
      SELECT 'visit' AS event, interval '0' AS later
      UNION ALL SELECT 'apply_started', interval '3 minutes' WHERE s.i % 12 < 5
      UNION ALL SELECT 'apply_submitted', interval '9 minutes' WHERE s.i % 12 < 3
    ) e`);
  const inserted = performance.now();
  await db.execute(sql`SELECT sharing_rollup_rebuild(${companyId}::uuid)`);
  await db.execute(sql`vacuum analyze job_tracking_events`);
  await db.execute(sql`vacuum analyze sharing_rollups`);
  const built = performance.now();
  const counts = (
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM job_tracking_events) AS events,
      (SELECT count(*)::int FROM sharing_rollups WHERE grain = 'd') AS day_rows,
      (SELECT count(*)::int FROM sharing_rollups WHERE grain = 'm') AS month_rows`)
  ).rows[0];
  console.log(
    `${counts.events.toLocaleString('en-GB')} tracking events over ${JOBS} jobs and ${SHARERS} sharers inserted in ` +
      `${((inserted - started) / 1000).toFixed(1)} s; rollup (${counts.day_rows.toLocaleString('en-GB')} day rows, ` +
      `${counts.month_rows.toLocaleString('en-GB')} month rows) built in ${((built - inserted) / 1000).toFixed(1)} s`,
  );

  const headers = { authorization: `Bearer ${boss.token}`, 'x-company-id': companyId };
  const now = new Date();
  const table = [];
  for (const period of ['this-month', 'last-month', 'this-week', 'this-year', 'all-time']) {
    const range = periodRange(period, now, 'Europe/London');
    const qs = new URLSearchParams(range).toString();
    const url = `/api/sharing/adminStatistics${qs ? `?${qs}` : ''}`;
    const check = await app.inject({ url, headers });
    if (check.statusCode !== 200) throw new Error(`${period}: ${check.statusCode} ${check.body}`);
    const data = JSON.parse(check.body).data;
    const api = await measure(async () => {
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${period}: ${res.statusCode}`);
    });
    const service = await measure(() =>
      companyStatistics(db, { companyId, range, points: { visit: 1, applied: 5, submitted: 20 } }),
    );
    table.push({
      period,
      visits: data.sharingData.totals.visits,
      rows: data.sharingData.rows.length,
      kb: Math.round(check.body.length / 1024),
      api,
      service,
    });
  }
  const ms = (v) => v.toFixed(1).padStart(7);
  console.log(`\nGET /api/sharing/adminStatistics, ${iterations} runs each (ms); target p95 <= 100\n`);
  console.log(
    `${'period'.padEnd(12)} ${'referral visits'.padStart(15)} ${'rows'.padStart(6)} ${'KB'.padStart(5)} | ${'API p50'.padStart(7)} ${'API p95'.padStart(7)} | ${'svc p50'.padStart(7)} ${'svc p95'.padStart(7)}`,
  );
  console.log('-'.repeat(82));
  for (const r of table)
    console.log(
      `${r.period.padEnd(12)} ${r.visits.toLocaleString('en-GB').padStart(15)} ${String(r.rows).padStart(6)} ${String(r.kb).padStart(5)} | ${ms(r.api.p50)} ${ms(r.api.p95)} | ${ms(r.service.p50)} ${ms(r.service.p95)}`,
    );
} finally {
  await bench?.close({ keep: args.keep });
}

// GET /api/job/{id}/applications over 100,000 applications of one job, on PostgreSQL (issue 6, bench item):
// p50/p95 through the API (app.inject: routing, auth, tenancy, validation, the queries, signing, serialising)
// beside the same SQL run directly on a pg pool (the statistic from the counts table and the page query, or
// with a search the capped search query, then the page query when it is over the cap or the page starts past
// the cap; decision 016), in the same run.
//
// Usage: npm run bench:applicants [-- --iterations 100]
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh database
// is created on it for the run and dropped afterwards.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  cappedSearchQuery,
  listPageQuery,
  SEARCH_COUNT_CAP,
} from '../apps/server/src/modules/applications/list.ts';
import { hiringTeam, insertManyApplications } from '../apps/server/test/support/applicants-support.ts';
import { startInProcessApp } from './lib/in-process-app.mjs';
import { measure as measureRuns } from './lib/measure.mjs';

const { values: args } = parseArgs({
  options: { iterations: { type: 'string', default: '100' }, rows: { type: 'string', default: '100000' } },
});
const iterations = Number(args.iterations);
const rows = Number(args.rows);

const SCENARIOS = [
  ['page 1, newest', {}],
  ['deep page (skip 50,000), newest', { skip: 50_000 }],
  ['page 1, status new', { status: 'new' }],
  ['page 1, high rating', { sort: 'rating-high' }],
  ['deep page, low rating', { sort: 'rating-low', skip: 50_000 }],
  ['page 1, search "hopper" (100 match)', { search: 'hopper' }],
  ['page 1, search "cand1" (11,112 match)', { search: 'cand1' }],
  ['deep page, search "bulk-test" (all match)', { search: 'bulk-test', skip: 50_000 }],
  ['page 1, new + "hopper" + high rating', { status: 'new', search: 'hopper', sort: 'rating-high' }],
];

/** p50 and p95 of `iterations` runs of `fn`. */
const measure = (fn) => measureRuns(fn, iterations);

let bench;
let pool;
try {
  bench = await startInProcessApp({ name: 'applicants' });
  const { app, database } = bench;
  const { db } = database;
  const team = await hiringTeam(db);
  const started = performance.now();
  await insertManyApplications(db, team.job, rows);
  await db.execute(sql`vacuum analyze applications`);
  console.log(
    `${rows.toLocaleString('en-GB')} applications of one job inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 4 });
  pool.on('error', () => {});
  const headers = { authorization: `Bearer ${team.viewer.token}`, 'x-company-id': team.company.id };
  const statistic = `select status, count from application_status_counts where job_id = $1`;

  const table = [];
  for (const [name, query] of SCENARIOS) {
    const input = { jobId: team.job.id, sort: 'newest', skip: 0, limit: 10, ...query };
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const check = await app.inject({ url: `/api/job/${team.job.id}/applications?${qs}`, headers });
    if (check.statusCode !== 200) throw new Error(`${name}: ${check.statusCode} ${check.body}`);
    const answered = JSON.parse(check.body).data;
    const api = await measure(async () => {
      const res = await app.inject({ url: `/api/job/${team.job.id}/applications?${qs}`, headers });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
    });
    const page = listPageQuery(db, input).toSQL();
    const capped = cappedSearchQuery(db, input).toSQL();
    const direct = await measure(() =>
      Promise.all([
        pool.query(statistic, [team.job.id]),
        input.search && input.skip < SEARCH_COUNT_CAP
          ? pool.query(capped.sql, capped.params).then(async ({ rows: found }) => {
              if (Number(found[0]?.total ?? 0) > SEARCH_COUNT_CAP) await pool.query(page.sql, page.params);
            })
          : pool.query(page.sql, page.params),
      ]),
    );
    const pageOnly = await measure(() => pool.query(page.sql, page.params));
    const count = `${answered.countExact ? '' : '>'}${answered.count}`;
    table.push({ name, rows: answered.applicants.length, count, api, direct, pageOnly });
  }

  const ms = (v) => v.toFixed(1).padStart(7);
  console.log(
    `\nGET /api/job/{id}/applications, ${rows.toLocaleString('en-GB')} applications, limit 10, ${iterations} runs each (ms)\n`,
  );
  console.log(
    `${'scenario'.padEnd(44)} ${'rows'.padStart(4)} ${'count'.padStart(7)} | ${'API p50'.padStart(7)} ${'API p95'.padStart(7)} | ${'SQL p50'.padStart(7)} ${'SQL p95'.padStart(7)} | ${'page p50'.padStart(8)}`,
  );
  console.log('-'.repeat(110));
  for (const r of table)
    console.log(
      `${r.name.padEnd(44)} ${String(r.rows).padStart(4)} ${String(r.count).padStart(7)} | ${ms(r.api.p50)} ${ms(r.api.p95)} | ${ms(r.direct.p50)} ${ms(r.direct.p95)} | ${ms(r.pageOnly.p50).padStart(8)}`,
    );
  console.log(
    '\nAPI: app.inject of the endpoint. SQL: the statistic and the page (with a search: the capped search query, then\n' +
      'the page query when the search matches more than the cap) run directly on a pg pool, as the service runs them.\n' +
      'page: the page query alone (in the list order, as for a search over the cap). count: ">" when it is a lower bound.',
  );
} finally {
  await pool?.end();
  await bench?.close();
}

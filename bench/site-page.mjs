// The server-rendered job page (issue 5, bench item): req/s and p99 of GET /job/{city}/{company}/{title}-{shortId}
// under autocannon, beside GET /api/public/job/{shortId} (the same job as JSON) for scale. The server runs in
// its own process so that autocannon (this process) does not share its event loop. The page is rendered with
// the site's SSR bundle when apps/site is built (`npm run build`), else with the server's fallback body; the
// output says which.
//
// Usage: npm run bench:site [-- --duration 10 --connections 10 --db postgres|pglite]
// postgres (default): DATABASE_URL names a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created on it for the run and dropped afterwards. pglite: the embedded database in a
// temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createDb } from '@hirecast/db/client';
import { createCompany, createJob } from '@hirecast/db/factories';
import { buildSharePath } from '@hirecast/domain/share-url';
import { createBenchDatabase } from './lib/database.mjs';
import { freePort, startServer, stopServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    db: { type: 'string', default: 'postgres' },
  },
});
if (!['postgres', 'pglite'].includes(args.db)) throw new Error('--db is postgres or pglite');

const duration = Number(args.duration);
const connections = Number(args.connections);
const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-site-'));
let api;
let benchDb;

try {
  let databaseUrl;
  if (args.db === 'postgres') {
    benchDb = await createBenchDatabase('site');
    databaseUrl = benchDb.url;
  }

  // A company with an open job that has what a real one has: a long description, salary, other open jobs.
  const database = await createDb({ databaseUrl, dataDir: databaseUrl ? undefined : join(dataDir, 'db') });
  await database.migrate();
  const company = await createCompany(database.db, {
    name: `Bench Coffee ${Date.now()}`,
    description: 'Coffee shops across the North.',
    info: [{ type: 'website', value: 'https://bench-coffee.example.com' }],
  });
  const paragraph =
    'Serve great coffee to our guests every day, keep the bar spotless and help train new starters. ';
  const description = {
    ops: [
      { insert: 'About the role' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: `${paragraph.repeat(6)}\n` },
      { insert: 'What you bring' },
      { insert: '\n', attributes: { header: 2 } },
      ...['Latte art', 'A friendly smile', 'Early starts', 'Team spirit'].flatMap((item) => [
        { insert: item },
        { insert: '\n', attributes: { list: 'bullet' } },
      ]),
    ],
  };
  const job = await createJob(database.db, {
    companyId: company.id,
    title: 'Head Barista',
    status: 'open',
    publishedAt: new Date(),
    description,
    employmentType: 'full-time',
    salary: { from: '24000', to: '28000', currency: 'GBP', unit: 'annually' },
    location: { city: 'Leeds', country: 'United Kingdom' },
    showOtherJobs: true,
  });
  for (let i = 0; i < 6; i++)
    await createJob(database.db, { companyId: company.id, status: 'open', title: `Barista ${i + 1}` });
  await database.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  ({ child: api } = await startServer({ port, dataDir, databaseUrl: databaseUrl ?? '' }));

  const path = buildSharePath({
    city: 'Leeds',
    companyName: company.name,
    title: job.title,
    shortId: job.shortId,
  });
  const first = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  const html = await first.text();
  if (first.status !== 200 || !html.includes('"@type":"JobPosting"'))
    throw new Error(`GET ${path} answered ${first.status} without JobPosting JSON-LD`);
  const rendered = html.includes('<script type="module"')
    ? 'site SSR bundle'
    : 'server fallback body (site not built)';

  const run = (url) =>
    autocannon({ url, connections, duration, headers: { accept: 'text/html,application/json' } });
  console.log(
    `${args.db === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${connections} connections, ${duration} s each; ` +
      `job page ${Buffer.byteLength(html)} bytes, rendered with the ${rendered}`,
  );
  await autocannon({ url: `${base}${path}`, connections, duration: 3 }); // warm-up, discarded
  const pageRun = await run(`${base}${path}`);
  const jsonRun = await run(`${base}/api/public/job/${job.shortId}`);
  const row = (name, r) =>
    `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(row('GET /job/… (server-rendered HTML)', pageRun));
  console.log(row('GET /api/public/job/{shortId} (JSON)', jsonRun));
} finally {
  await stopServer(api);
  await new Promise((r) => setTimeout(r, 500));
  await benchDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

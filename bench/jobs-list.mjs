// GET /api/job for a company with 12 jobs, against PostgreSQL, beside a bare Fastify route that answers the
// same JSON from memory, in the same run (issue 3, bench item). Both servers run in their own processes so
// that autocannon (this process) does not share their event loop.
//
// Usage: npm run bench:jobs [-- --duration 10 --connections 10]
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
// database is created on it for the run and dropped afterwards.
import { spawn } from 'node:child_process';
import { startServer } from './lib/server.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'bare-server': { type: 'string' },
    port: { type: 'string' },
  },
});

// Child mode: the bare Fastify server, answering the captured JSON from memory.
if (args['bare-server']) {
  const { default: Fastify } = await import('fastify');
  const { readFileSync } = await import('node:fs');
  const body = JSON.parse(readFileSync(args['bare-server'], 'utf8'));
  const app = Fastify({ logger: false });
  app.get('/api/job', async () => body);
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  process.send?.('ready');
} else {
  await main();
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const { default: pg } = await import('pg');
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dbName = `hc_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-'));
  const children = [];
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));

  try {
    const apiPort = 4300 + (process.pid % 500);
    const barePort = apiPort + 1;
    const { child: api, base } = await startServer({
      port: apiPort,
      dataDir,
      databaseUrl: dbUrl.toString(),
    });
    children.push(api);

    // A user, a company and 12 jobs, all over the API.
    const call = async (method, path, body, headers = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const signUp = await call('POST', '/api/manager/signup/email', {
      email: `bench-${Date.now()}@hirecast-bench.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'Mark',
      redirect: '/jobs',
    });
    const auth = { authorization: `Bearer ${signUp['access-token']}` };
    const company = await call(
      'POST',
      '/api/company',
      {
        name: `Bench Coffee ${Date.now()}`,
        industry: 'Food & Beverages',
        description: 'Coffee shops across the North.',
        location: { city: 'Leeds', country: 'United Kingdom' },
      },
      auth,
    );
    const headers = { ...auth, 'x-company-id': company._id };
    const titles = ['Barista', 'Head Chef', 'Sous Chef', 'Shift Lead', 'Kitchen Porter', 'Store Manager'];
    for (let i = 0; i < 12; i++) {
      await call(
        'POST',
        '/api/job',
        {
          title: `${titles[i % titles.length]} ${i + 1}`,
          postHeading: 'Join our team',
          description: {
            ops: [
              { insert: 'Responsibilities' },
              { insert: '\n', attributes: { header: 2 } },
              { insert: 'Serve great coffee to our guests every day.\n' },
            ],
          },
          location: { city: 'Leeds', country: 'United Kingdom' },
        },
        headers,
      );
    }
    const listRes = await fetch(`${base}/api/job`, { headers });
    const listBody = await listRes.text();
    const count = JSON.parse(listBody).data.length;
    if (count !== 12) throw new Error(`GET /api/job answered ${count} jobs, expected 12`);

    const bodyFile = join(dataDir, 'jobs.json');
    writeFileSync(bodyFile, listBody);
    const bare = spawn(
      process.execPath,
      ['bench/jobs-list.mjs', '--bare-server', bodyFile, '--port', String(barePort)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.push(bare);
    await new Promise((resolve, reject) => {
      bare.once('message', resolve);
      bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });

    const run = (url, extraHeaders) => autocannon({ url, connections, duration, headers: extraHeaders });
    console.log(
      `GET /api/job, 12 jobs (${Buffer.byteLength(listBody)} bytes), ${connections} connections, ${duration} s each`,
    );
    await autocannon({ url: `${base}/api/job`, connections, duration: 3, headers }); // warm-up, discarded
    const real = await run(`${base}/api/job`, headers);
    const mem = await run(`http://127.0.0.1:${barePort}/api/job`, {});
    const row = (name, r) =>
      `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
    console.log(row('Hirecast API on PostgreSQL', real));
    console.log(row('bare Fastify, same JSON in memory', mem));
    console.log(
      `ratio (API / bare): ${(real.requests.average / mem.requests.average).toFixed(3)} of the throughput, ` +
        `p99 ${(real.latency.p99 / Math.max(mem.latency.p99, 1)).toFixed(1)}x`,
    );
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 500));
    const drop = new pg.Client({ connectionString: serverUrl.toString() });
    await drop.connect();
    await drop.query(`drop database if exists ${dbName} with (force)`);
    await drop.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

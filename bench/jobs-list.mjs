// GET /api/job for a company with 12 jobs, against PostgreSQL, beside two yardsticks in the same run: a minimal
// Fastify + pg server that answers the same request in one SQL round trip (bench/lib/minimal-jobs-server.mjs,
// issue 12 item 3; its answer is checked equal to the API's) and a bare Fastify route that answers the same
// JSON from memory (issue 3). Every server runs in its own process so that autocannon (this process) does not
// share their event loop.
//
// Usage: npm run bench:jobs [-- --duration 10 --connections 10] [-- --cpu-prof <dir>] (the API process writes
// a V8 CPU profile into <dir> when it stops; open it in Chrome DevTools or summarise it with
// bench/cpu-profile-summary.mjs)
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh
// database is created on it for the run and dropped afterwards.
import { spawn } from 'node:child_process';
import { createBenchDatabase } from './lib/database.mjs';
import { startServer } from './lib/server.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'bare-server': { type: 'string' },
    'minimal-server': { type: 'string' },
    port: { type: 'string' },
    'cpu-prof': { type: 'string' },
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
} else if (args['minimal-server']) {
  const { startMinimalServer } = await import('./lib/minimal-jobs-server.mjs');
  await startMinimalServer({ databaseUrl: args['minimal-server'], port: Number(args.port) });
  process.send?.('ready');
} else {
  await main();
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const benchDb = await createBenchDatabase('jobs');
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-'));
  const children = [];
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));

  try {
    const apiPort = 4300 + (process.pid % 500);
    const barePort = apiPort + 1;
    const minimalPort = apiPort + 2;
    const { child: api, base } = await startServer({
      port: apiPort,
      dataDir,
      databaseUrl: benchDb.url,
      nodeArgs: args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [],
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
    const child = async (mode, value, port) => {
      const proc = spawn(process.execPath, ['bench/jobs-list.mjs', mode, value, '--port', String(port)], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(proc);
      await new Promise((resolve, reject) => {
        proc.once('message', resolve);
        proc.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
      });
    };
    await child('--bare-server', bodyFile, barePort);
    await child('--minimal-server', benchDb.url, minimalPort);
    const minimalBody = await (await fetch(`http://127.0.0.1:${minimalPort}/api/job`, { headers })).text();
    if (!isDeepStrictEqual(JSON.parse(minimalBody), JSON.parse(listBody)))
      throw new Error(`the minimal server answers differently:\n${minimalBody}\n${listBody}`);

    const run = (url, extraHeaders) => autocannon({ url, connections, duration, headers: extraHeaders });
    console.log(
      `GET /api/job, 12 jobs (${Buffer.byteLength(listBody)} bytes), ${connections} connections, ${duration} s each`,
    );
    const minimalUrl = `http://127.0.0.1:${minimalPort}/api/job`;
    // Warm-ups, discarded: the JIT and the connection pools of both database-backed servers.
    await autocannon({ url: `${base}/api/job`, connections, duration: 3, headers });
    await autocannon({ url: minimalUrl, connections, duration: 3, headers });
    const real = await run(`${base}/api/job`, headers);
    const minimal = await run(minimalUrl, headers);
    const mem = await run(`http://127.0.0.1:${barePort}/api/job`, {});
    const row = (name, r) =>
      `${name.padEnd(40)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
    console.log(row('Hirecast API on PostgreSQL', real));
    console.log(row('minimal Fastify + pg, one round trip', minimal));
    console.log(row('bare Fastify, same JSON in memory', mem));
    console.log(
      `ratio (API / minimal): ${(real.requests.average / minimal.requests.average).toFixed(3)} of the throughput, ` +
        `p99 ${(real.latency.p99 / Math.max(minimal.latency.p99, 1)).toFixed(1)}x (goal: >= 0.8, p99 <= 20 ms)`,
    );
  } finally {
    stopAll();
    // The API writes its CPU profile (with --cpu-prof) as it exits: wait for every child to be gone.
    await Promise.all(
      children.map(
        (c) =>
          c.exitCode === null &&
          new Promise((r) => {
            c.once('exit', r);
            setTimeout(r, 15_000);
          }),
      ),
    );
    await benchDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

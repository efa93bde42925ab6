import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBenchDatabase } from './database.mjs';

// Shared by the benchmarks: the real server (`node apps/server/src/main.ts`) in production mode on a port of
// its own, without demo data or rate limits, and ready before the measuring starts; and the deployed shape on
// PostgreSQL (an API process and a worker process, `npm run worker`, over a fresh database).

const APP_SECRET = 'bench-secret-bench-secret-bench-secret-00';

/**
 * The node options that `npm start` and `npm run worker` give the process (package.json), so that a benchmark
 * measures the processes as deployed (their memory above all: docs/operations.md, Memory).
 */
export function nodeOptionsOf(script) {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const options = /(?:^|&& )node ((?:--\S+ )*)apps\/server\/src\/\w+\.ts$/.exec(scripts[script] ?? '');
  if (!options)
    throw new Error(`package.json's ${script} script does not start apps/server/src/…ts with node`);
  return options[1].split(' ').filter(Boolean);
}

/** Ports of the services these machines run (NATS, PostgreSQL, Redis, RabbitMQ, MQTT, MariaDB). */
const TAKEN_PORTS = new Set([4222, 5432, 6379, 5672, 1883, 3306]);

/** A port the OS says is free, never one of the services' usual ports. */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address();
        server.close(() => resolve(p));
      });
    });
    if (!TAKEN_PORTS.has(port)) return port;
  }
}

/** Polls `url` until it answers 2xx (`timeoutMs`, 60 s by default); fails early when `child` has exited. */
export async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts the server and waits for /readyz. `databaseUrl` empty means the embedded database in `dataDir`. */
export async function startServer({
  port,
  dataDir,
  databaseUrl = '',
  env = {},
  nodeArgs = [],
  readyTimeoutMs = 60_000,
}) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeOptionsOf('start'), ...nodeArgs, 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SEED_ONBOARDING: 'false',
      RATE_LIMIT_DISABLED: 'true',
      APP_SECRET,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${base}/readyz`, child, readyTimeoutMs);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { child, base };
}

/** Stops a server started here and waits for it to exit. */
export async function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Starts `npm run worker` beside an API started here (same database, files and secret). */
export function startWorker({ databaseUrl, dataDir, publicUrl, env = {} }) {
  return spawn(process.execPath, [...nodeOptionsOf('worker'), 'apps/server/src/worker.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      APP_SECRET,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * As deployed: a fresh PostgreSQL database (`createBenchDatabase(name)`), a data folder, an API process and a
 * worker process (jobs run only in the worker; mail goes to the dev mailbox). `stop()` ends both processes and
 * removes the database and the folder.
 */
export async function startApiAndWorker({ name, env: extra = {} }) {
  const database = await createBenchDatabase(name);
  const dataDir = mkdtempSync(join(tmpdir(), `hirecast-bench-${name}-`));
  const env = { QUEUE_INPROCESS: 'false', DEV_MAILBOX: 'on', LOG_LEVEL: 'warn', ...extra };
  let api;
  let worker;
  const stop = async () => {
    await stopServer(api?.child);
    await stopServer(worker);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A shared, busy machine can take minutes to start a process.
    api = await startServer({
      port: await freePort(),
      dataDir,
      databaseUrl: database.url,
      env,
      readyTimeoutMs: 300_000,
    });
    worker = startWorker({ databaseUrl: database.url, dataDir, publicUrl: api.base, env });
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: api.base, api: api.child, worker, databaseUrl: database.url, dataDir, stop };
}

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

// Shared by the benchmarks: the real server (`node apps/server/src/main.ts`) in production mode on a port of
// its own, without demo data or rate limits, and ready before the measuring starts.

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
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/src/main.ts'], {
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
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
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

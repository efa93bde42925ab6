// Server start-up time on the embedded database: spawn `node apps/server/src/main.ts` on a fresh (or given)
// DATA_DIR and time until /readyz answers. Runs N times (default 3) and prints each and the median.
// Usage: node bench/startup.mjs [runs] [--reuse-data]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeOptionsOf } from './lib/server.mjs';

const runs = Number(process.argv[2] ?? 3);
const reuse = process.argv.includes('--reuse-data');
const shared = mkdtempSync(join(tmpdir(), 'hirecast-bench-'));
const times = [];
for (let i = 0; i < runs; i++) {
  const dataDir = reuse ? shared : mkdtempSync(join(tmpdir(), 'hirecast-bench-'));
  const port = 4100 + i;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeOptionsOf('start'), 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  times.push(ms);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `run ${i + 1}: ${ms.toFixed(0)} ms to /readyz (${reuse && i > 0 ? 'existing' : 'fresh'} data dir)`,
  );
}
times.sort((a, b) => a - b);
console.log(`median: ${times[Math.floor(times.length / 2)].toFixed(0)} ms`);
rmSync(shared, { recursive: true, force: true });

// The offline gazetteer (issue 17 item 2): how long a location lookup takes on a fresh server process, first
// and later, with the index built in the background at start-up (warm) and without (the first lookup builds
// it). Also how long the main thread is blocked while the index is built (event-loop delay): the worker
// thread keeps it free. Each case runs in its own process so nothing is cached between them.
//
// Usage: npm run bench:geocoding [-- --queries 200]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { queries: { type: 'string', default: '200' }, child: { type: 'string' } },
});

const QUERIES = ['Manc', 'Leeds', 'Lon', 'Bristol', 'Glasg', 'New', 'Saint', 'Cardiff, uk', 'Berl', 'Edinb'];
const OPTIONS = { limit: 10, bias: 'GB' };
const ms = (n) => Math.round(n * 10) / 10;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

if (args.child) {
  const { createGazetteer } = await import('../apps/server/src/lib/geocoding/gazetteer.ts');
  const warm = args.child === 'warm';
  const gazetteer = createGazetteer();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  let readyMs = null;
  if (warm) {
    // As main.ts does after listening; the first lookup comes after the 700 ms debounce of the browser.
    const warming = gazetteer.warm().then(() => (readyMs = performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await warming;
  }
  const t0 = performance.now();
  await gazetteer.search('Manc', OPTIONS);
  const first = performance.now() - t0;
  loop.disable();
  const later = [];
  for (let i = 0; i < Number(args.queries); i++) {
    const t = performance.now();
    await gazetteer.search(QUERIES[i % QUERIES.length], OPTIONS);
    later.push(performance.now() - t);
  }
  later.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      mode: args.child,
      indexReadyMs: readyMs === null ? null : ms(readyMs),
      firstLookupMs: ms(first),
      laterP50Ms: ms(pct(later, 50)),
      laterP95Ms: ms(pct(later, 95)),
      laterMaxMs: ms(later.at(-1)),
      mainThreadMaxBlockMs: ms(loop.max / 1e6),
    }),
  );
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const rows = [];
for (const mode of ['cold', 'warm']) {
  const run = spawnSync(process.execPath, [self, '--child', mode, '--queries', args.queries], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${mode}: ${run.stderr}`);
  rows.push(JSON.parse(run.stdout.trim().split('\n').at(-1)));
}
console.log('Offline gazetteer lookups (a fresh process per case; times in ms)');
console.table(rows);
console.log(
  'cold: no warm-up, the first lookup builds the index. warm: the index is built in a worker from start-up,',
);
console.log(
  'the first lookup comes 700 ms later (the browser debounce). Target: a lookup answers in ≤ 50 ms.',
);

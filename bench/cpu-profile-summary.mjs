// Summarises a V8 CPU profile (node --cpu-prof) by where the time goes: self time grouped into the areas that
// matter for an API request (database driver, zod, serialisation, compression, logging, Fastify, the product's
// own code...), then the heaviest functions. Only the busiest `--window` seconds count (default 12: the
// measured run of bench:jobs, not the start-up and the set-up before it).
// Usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [--top 25] [--window 12]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, window: { type: 'string', default: '12' } },
});
const file = positionals[0];
if (!file)
  throw new Error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [--top 25] [--window 12]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample times, and the window of `--window` seconds with the most busy time, not counting idle samples and
// module loading (start-up under load can be as busy as the run).
const loading = (id) => {
  for (let cur = id; cur !== undefined; cur = parent.get(cur))
    if (byId.get(cur).callFrame.url.startsWith('node:internal/modules')) return true;
  return false;
};
const idleIds = new Set(
  profile.nodes.filter((n) => n.callFrame.functionName === '(idle)' || loading(n.id)).map((n) => n.id),
);
const times = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) times.push((clock += delta));
const windowUs = Number(opts.window) * 1e6;
let best = [0, profile.samples.length];
for (let start = 0, end = 0, busyIn = 0, bestBusy = -1; start < profile.samples.length; start++) {
  while (end < profile.samples.length && times[end] - times[start] <= windowUs) {
    if (!idleIds.has(profile.samples[end])) busyIn += profile.timeDeltas[end] ?? 0;
    end++;
  }
  if (busyIn > bestBusy) [bestBusy, best] = [busyIn, [start, end]];
  if (!idleIds.has(profile.samples[start])) busyIn -= profile.timeDeltas[start] ?? 0;
}

// Self time per node from the samples (in the window) and their time deltas.
const self = new Map();
for (let i = best[0]; i < best[1]; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

// An area by the first frame, walking up from the sampled one, whose script says where it comes from;
// native frames without a script (JSON.stringify, crypto, GC) take the area of their caller.
const AREAS = [
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/],
  ['drizzle', /node_modules\/drizzle-orm/],
  ['zod', /node_modules\/zod\//],
  ['fastify-type-provider-zod', /fastify-type-provider-zod/],
  ['fast-json-stringify', /fast-json-stringify/],
  ['compression', /@fastify\/compress|node:zlib|minipass|pumpify/],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|fast-redact|@pinojs)/],
  [
    'fastify + light-my-request',
    /node_modules\/(fastify|find-my-way|avvio|@fastify|light-my-request|fast-querystring|secure-json-parse)/,
  ],
  ['hirecast auth', /apps\/server\/src\/plugins\/auth/],
  ['hirecast serializer', /apps\/server\/src\/(lib|plugins)\/serializ/],
  ['hirecast jobs module', /apps\/server\/src\/modules\/jobs/],
  ['hirecast other', /apps\/server\/src|packages\/(domain|db)\/src/],
];
const NODE_AREAS = [
  ['node http (server side)', /^node:(_http|http|internal\/http)/],
  [
    'node sockets and streams',
    /^node:(net|stream|internal\/streams|internal\/stream_base_commons|events|internal\/net)/,
  ],
  ['node crypto', /^node:(crypto|internal\/crypto)/],
  ['node other', /^node:/],
];
// The first library or product frame up the stack decides (a socket write made by pg is pg's); node's own
// frames decide only when no such frame is found.
const areaOf = (id) => {
  let nodeArea;
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const { url, functionName } = byId.get(cur).callFrame;
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)' || functionName === '(program)') return functionName;
    if (!url) continue;
    if (url.startsWith('node:')) {
      nodeArea ??= NODE_AREAS.find(([, re]) => re.test(url))?.[0];
      continue;
    }
    for (const [name, re] of AREAS) if (re.test(url)) return name;
    return 'other JavaScript';
  }
  return nodeArea ?? 'native (no JS caller)';
};

const areas = new Map();
const functions = new Map();
for (const [id, t] of self) {
  const area = areaOf(id);
  areas.set(area, (areas.get(area) ?? 0) + t);
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + t);
}
const busy = total - (areas.get('(idle)') ?? 0);
const pct = (t, of) => `${((100 * t) / of).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy\n`);
console.log('share of busy time by area');
for (const [name, t] of [...areas].filter(([n]) => n !== '(idle)').sort((a, b) => b[1] - a[1]))
  console.log(`  ${pct(t, busy)}  ${name}`);
console.log(`\nheaviest functions (self time, share of busy time)`);
for (const [name, t] of [...functions]
  .filter(([n]) => !n.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(opts.top)))
  console.log(`  ${pct(t, busy)}  ${name}`);

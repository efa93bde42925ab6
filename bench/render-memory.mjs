// Memory of the worker's render path over many renders in one process (issue 24, soak item): is the worker's
// RSS growth in the soak a leak or warm-up? Renders the soak's template (landscape, one 1 s 720p clip, cards,
// no soundtrack) N times with the real renderer, runs the garbage collector after each, and prints RSS, V8 heap
// used, external and arrayBuffers after each render, then the growth over the first renders (warm-up) and
// over the rest. A leak grows render after render; warm-up grows over the first few and then stays flat.
//
// Usage: node --expose-gc bench/render-memory.mjs [--runs 40]   (npm run bench:render-memory)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderTemplate } from '../apps/server/src/modules/video-render/index.ts';
import { templateData } from '../apps/server/test/support/video-templates-support.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '40' }, warm: { type: 'string', default: '5' } },
});
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc (npm run bench:render-memory does)');
  process.exit(1);
}
const RUNS = Number(args.runs);
const WARM = Number(args.warm);
const dir = mkdtempSync(join(tmpdir(), 'hirecast-bench-render-memory-'));
// The library clip as the pipeline leaves it: 720p H.264/AAC.
const clip = join(dir, 'clip.mp4');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=1280x720:rate=30'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clip],
]);
const data = templateData('landscape', [{ assetId: 'clip', duration: 1000 }]);
const MB = (n) => (n / 1048576).toFixed(1);
const rows = [];
const sample = () => {
  globalThis.gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};
try {
  rows.push(sample());
  console.log('render  rss MB  heapUsed MB  external MB  arrayBuffers MB  ms');
  console.log(
    `     0  ${MB(rows[0].rss).padStart(6)}  ${MB(rows[0].heap).padStart(11)}  ${MB(rows[0].external).padStart(11)}  ${MB(rows[0].arrayBuffers).padStart(15)}`,
  );
  for (let i = 1; i <= RUNS; i++) {
    const t0 = performance.now();
    const outFile = join(dir, `out-${i}.mp4`);
    await renderTemplate({ type: 'landscape', data, clipFile: () => clip, outFile });
    rmSync(outFile);
    const ms = performance.now() - t0;
    const s = sample();
    rows.push(s);
    console.log(
      `${String(i).padStart(6)}  ${MB(s.rss).padStart(6)}  ${MB(s.heap).padStart(11)}  ${MB(s.external).padStart(11)}  ${MB(s.arrayBuffers).padStart(15)}  ${ms.toFixed(0)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const growth = (from, to, key) => `${MB(rows[to][key] - rows[from][key])} MB`;
const warm = Math.min(WARM, RUNS);
console.log('');
console.log(
  `renders 0→${warm} (warm-up): rss ${growth(0, warm, 'rss')}, heap ${growth(0, warm, 'heap')}, external ${growth(0, warm, 'external')}`,
);
console.log(
  `renders ${warm}→${RUNS}: rss ${growth(warm, RUNS, 'rss')}, heap ${growth(warm, RUNS, 'heap')}, external ${growth(warm, RUNS, 'external')} (${(((rows[RUNS].rss - rows[warm].rss) / rows[warm].rss) * 100).toFixed(1)} % rss)`,
);

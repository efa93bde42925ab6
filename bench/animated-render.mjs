// Animated video render time (issue 14, bench item): a 60 s landscape template with three 720p clips rendered
// at 720p by the real renderer (skia draws every frame, ffmpeg decodes the clips and encodes), beside plain
// ffmpeg re-encoding the same three clips concatenated with the same encoder settings, in one run. The
// baseline runs before and after the render, so a change in machine load shows up instead of skewing the
// ratio. The render runs in its own Node process (as in a worker); its peak RSS is the process's maxRSS, and
// the peak of the whole tree (Node + its ffmpeg children) is sampled from /proc every 100 ms.
//
// Usage: npm run bench:animated [-- --preset veryfast]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    preset: { type: 'string', default: 'veryfast' },
    crf: { type: 'string', default: '21' },
    worker: { type: 'string' },
  },
});

const CLIP_MS = [17_000, 17_000, 16_500];

if (args.worker) {
  // The worker: render the template described in the JSON file, print the result as JSON.
  const { renderTemplate } = await import('../apps/server/src/modules/video-render/render-template.ts');
  const job = JSON.parse(readFileSync(args.worker, 'utf8'));
  const t0 = performance.now();
  const result = await renderTemplate({
    ...job,
    clipFile: (section) => section.video.url,
    encoder: { preset: args.preset, crf: Number(args.crf) },
  });
  const ms = performance.now() - t0;
  const own = process.resourceUsage();
  const nodeCpuMs = (own.userCPUTime + own.systemCPUTime) / 1000;
  console.log(JSON.stringify({ ...result, ms, maxRssKb: own.maxRSS, nodeCpuMs }));
  process.exit(0);
}

const ffmpeg = 'ffmpeg';
// GNU time reports the CPU time of a process and of the children it reaped (the worker's ffmpegs): CPU
// seconds do not depend on what else the machine is doing, wall seconds do.
const TIME = '/usr/bin/time';
const dir = mkdtempSync(join(tmpdir(), 'hirecast-bench-animated-'));
console.log('generating three 1280x720 clips with sound…');
const clips = CLIP_MS.map((ms, i) => {
  const file = join(dir, `clip-${i + 1}.mp4`);
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${ms / 1000}:size=1280x720:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${330 + 110 * i}:duration=${ms / 1000}`],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-y',
      file,
    ],
  ]);
  return file;
});

const { soundtrackFile } = await import('../apps/server/src/modules/video-render/soundtracks.ts');
const soundtrack = await soundtrackFile('soundtrack-1', dir);

const video = (i, title, subtitle) => ({
  type: 'video',
  id: `video-${i + 1}`,
  video: { assetId: null, url: clips[i], transcoded: true, duration: CLIP_MS[i] },
  title,
  subtitle,
  applySoundtrack: i !== 1,
});
const data = {
  type: 'landscape',
  title: 'Bench',
  cover: null,
  logo: null,
  backgroundColor: '#1d3557',
  textColor: '#f1faee',
  fontFamily: 'Montserrat',
  soundtrack: 'soundtrack-1',
  volume: 0.1,
  sections: [
    {
      type: 'entrance',
      id: 'entrance',
      text: 'Acme Robotics builds friendly robots for warehouses across Europe.',
    },
    video(0, 'Meet Jana', 'Head of Engineering'),
    { type: 'transition', id: 't1', heading: 'Our culture', text: 'We ship every week and learn together.' },
    video(1, 'Team lunch', 'Every Friday'),
    { type: 'transition', id: 't2', heading: 'Your role', text: 'Build the robots our customers love.' },
    video(2, 'Karim', 'Robotics engineer'),
    { type: 'ending', id: 'ending', text: 'Apply today at acme.example/jobs' },
  ],
};
const jobFile = join(dir, 'job.json');
const outFile = join(dir, 'animated.mp4');
writeFileSync(
  jobFile,
  JSON.stringify({ type: 'landscape', data, logoFile: null, soundtrackFile: soundtrack, outFile }),
);

// The baseline: the same clips concatenated, re-encoded with the renderer's encoder settings.
const cpuOf = (file) => {
  const [user, sys, maxKb] = readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { cpuMs: (user + sys) * 1000, maxKb };
};
const baseline = () => {
  const t = performance.now();
  const timeFile = join(dir, 'baseline.time');
  execFileSync(TIME, [
    '-o',
    timeFile,
    '-f',
    '%U %S %M',
    ffmpeg,
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...clips.flatMap((c) => ['-i', c]),
    '-filter_complex',
    `${clips.map((_, i) => `[${i}:v][${i}:a]`).join('')}concat=n=${clips.length}:v=1:a=1[v][a]`,
    ...['-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', args.preset, '-crf', args.crf],
    ...['-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart'],
    join(dir, 'baseline.mp4'),
  ]);
  return { ms: performance.now() - t, ...cpuOf(timeFile) };
};

/** RSS (kB) of a process and all its descendants, from /proc. */
function treeRssKb(rootPid) {
  const children = new Map();
  let rss = 0;
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      stats.set(Number(name), kb);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    rss += stats.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return rss;
}

const render = () =>
  new Promise((resolve, reject) => {
    const t = performance.now();
    const timeFile = join(dir, 'render.time');
    const child = spawn(
      TIME,
      [
        ...['-o', timeFile, '-f', '%U %S %M', process.execPath],
        ...[
          new URL(import.meta.url).pathname,
          '--worker',
          jobFile,
          '--preset',
          args.preset,
          '--crf',
          args.crf,
        ],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    let treePeak = 0;
    const timer = setInterval(() => (treePeak = Math.max(treePeak, treeRssKb(child.pid))), 100);
    child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`render worker exited with ${code}`));
      resolve({
        wallMs: performance.now() - t,
        treePeakKb: treePeak,
        cpuMs: cpuOf(timeFile).cpuMs,
        ...JSON.parse(out.trim().split('\n').at(-1)),
      });
    });
  });

console.log(`encoder: libx264 -preset ${args.preset} -crf ${args.crf}; rendering…`);
const before = baseline();
const result = await render();
const after = baseline();
const probe = JSON.parse(
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', outFile],
    {
      encoding: 'utf8',
    },
  ),
);
rmSync(dir, { recursive: true, force: true });

const baseMs = (before.ms + after.ms) / 2;
const baseCpuMs = (before.cpuMs + after.cpuMs) / 2;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const durationS = Number(probe.format.duration);
console.log(
  `template: ${s(result.durationMs)} (${CLIP_MS.length} clips of ${CLIP_MS.map((m) => m / 1000).join(', ')} s + 4 cards); MP4 ${durationS.toFixed(3)} s, ${probe.streams.map((x) => x.codec_name).join(' + ')}`,
);
console.log(`load average at the end: ${load} (2 cores)`);
console.log(`plain ffmpeg concat re-encode:  ${s(baseMs)} (before ${s(before.ms)}, after ${s(after.ms)})`);
console.log(`animated render (worker):       ${s(result.ms)} (process wall ${s(result.wallMs)})`);
console.log(`ratio render / baseline:        ${(result.ms / baseMs).toFixed(2)}  (goal ≤ 1.5)`);
console.log(`ratio render / video duration:  ${(result.ms / result.durationMs).toFixed(2)}  (goal ≤ 0.5)`);
console.log(
  `CPU time: render ${s(result.cpuMs)}, baseline ${s(baseCpuMs)}; ratio ${(result.cpuMs / baseCpuMs).toFixed(2)}`,
);
console.log(
  `CPU time / video duration:      ${(result.cpuMs / result.durationMs).toFixed(2)} (÷2 cores: ${(result.cpuMs / 2 / result.durationMs).toFixed(2)})`,
);
console.log(`CPU time of the Node process:   ${s(result.nodeCpuMs)} (the rest is its ffmpegs)`);
console.log(`worker peak RSS (Node):         ${(result.maxRssKb / 1024).toFixed(0)} MB  (goal < 500 MB)`);
console.log(`peak RSS, worker + its ffmpegs: ${(result.treePeakKb / 1024).toFixed(0)} MB`);

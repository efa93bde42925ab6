// Time to playable: a 60 s 1080p clip through the whole video pipeline (queue → read from storage → probe →
// 480p transcode → saved, status 'prepared') beside plain ffmpeg with the same 480p settings, in the same run.
// Usage: node bench/video-pipeline.mjs [seconds=60]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createDb } from '@hirecast/db/client';
import { createCompany } from '@hirecast/db/factories';
import { videoAssets } from '@hirecast/db/schema';
import { loadConfig } from '../apps/server/src/config.ts';
import { createQueue } from '../apps/server/src/lib/queue/queue.ts';
import { transcodeArgs } from '../apps/server/src/lib/video/transcode.ts';
import { probeVideo } from '../apps/server/src/lib/video/probe.ts';
import { videoToolsFrom } from '../apps/server/src/lib/video/tools.ts';
import { registerVideoProcessing } from '../apps/server/src/modules/video-processing/handlers.ts';
import { createStorage } from '../apps/server/src/plugins/storage.ts';

const seconds = Number(process.argv[2] ?? 60);
const dir = mkdtempSync(join(tmpdir(), 'hirecast-bench-video-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: '',
  STORAGE_DRIVER: 'local',
  LOG_LEVEL: 'silent',
});
const tools = videoToolsFrom(config)();
const log = pino({ level: 'silent' });

console.log(`generating a ${seconds} s 1920x1080 clip with sound…`);
const clip = join(dir, 'clip.mp4');
execFileSync(tools.ffmpeg, [
  ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1920x1080:rate=30`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
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
    clip,
  ],
]);

// Plain ffmpeg: the pipeline's own 480p arguments, file to file. Run before and after the pipeline, so a
// change in machine load during the run shows up instead of skewing the ratio.
const probe = await probeVideo(tools, clip);
const plain = () => {
  const t = performance.now();
  const output = join(dir, 'plain-480p.mp4');
  execFileSync(tools.ffmpeg, transcodeArgs({ source: clip, output, probe, height: 480 }), {
    stdio: 'ignore',
  });
  return performance.now() - t;
};
const plainBefore = plain();

// The pipeline: embedded database, pg-boss on PGlite, local-disk storage, the real handler.
const database = await createDb({});
await database.migrate();
const storage = createStorage(config);
const queue = createQueue({ database, log });
const company = await createCompany(database.db);
const originalKey = `uploads/${company.id}/${randomUUID()}.mp4`;
await storage.put({ key: originalKey, body: new Uint8Array(readFileSync(clip)), contentType: 'video/mp4' });
const [asset] = await database.db
  .insert(videoAssets)
  .values({ companyId: company.id, title: 'Bench', fileName: 'clip.mp4', originalKey })
  .returning();
let playable;
let finished;
const done = new Promise((resolve) => (finished = resolve));
await registerVideoProcessing(
  queue,
  { db: database.db, storage, log, tools: () => tools },
  {
    hooks: { afterStep: (step) => void (step === '480p' && (playable = performance.now())) },
    onResult: () => finished(performance.now()),
  },
);
const t0 = performance.now();
await queue.send('video.process', { assetId: asset.id });
const allMs = (await done) - t0;
const pipelineMs = playable - t0;
await queue.stop();
await database.close();
const plainAfter = plain();
const plainMs = (plainBefore + plainAfter) / 2;
rmSync(dir, { recursive: true, force: true });

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `plain ffmpeg 480p:              ${s(plainMs)} (before ${s(plainBefore)}, after ${s(plainAfter)})`,
);
console.log(`pipeline to playable (480p):    ${s(pipelineMs)}`);
console.log(`ratio pipeline / plain ffmpeg:  ${(pipelineMs / plainMs).toFixed(2)}`);
console.log(`pipeline, every output (720p, thumbnails, posters): ${s(allMs)}`);

// Issue 34: the transcript's own cost. A 60 s answer with sound is transcribed through the real job (queue →
// read from storage → probe → sound extraction → the engine → stitched and stored) by a local engine that takes
// a fixed time; the time from "answer saved" (the answer's video playable, its transcript requested) to the
// transcript being what the applicant page reads (GET /api/asset/:id/transcript's service answers it done), minus
// the engine's own time, is the overhead. The sound extraction is timed against a plain ffmpeg run of the same
// extraction, before and after, in the same run.
// Usage: node bench/transcribe.mjs [seconds=60] [engineMs=1500]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createDb } from '@hirecast/db/client';
import { createCompany } from '@hirecast/db/factories';
import { videoAssets } from '@hirecast/db/schema';
import { loadConfig } from '../apps/server/src/config.ts';
import { createQueue } from '../apps/server/src/lib/queue/queue.ts';
import { extractSpeechAudio } from '../apps/server/src/lib/video/audio.ts';
import { videoToolsFrom } from '../apps/server/src/lib/video/tools.ts';
import { registerTranscription, transcriptionDeps } from '../apps/server/src/modules/transcripts/handlers.ts';
import { requestTranscription } from '../apps/server/src/modules/transcripts/queue.ts';
import { getTranscript } from '../apps/server/src/modules/transcripts/service.ts';
import { createStorage } from '../apps/server/src/plugins/storage.ts';

const seconds = Number(process.argv[2] ?? 60);
const engineMs = Number(process.argv[3] ?? 1500);

// The local engine: reads the whole upload, waits its fixed time, answers a segment every 5 s.
let engineSpent = 0;
const engine = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const started = performance.now();
    setTimeout(() => {
      const segments = [];
      for (let s = 0; s < seconds; s += 5)
        segments.push({ start: s, end: Math.min(seconds, s + 5), text: ` Line at ${s} seconds.` });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ task: 'transcribe', language: 'english', duration: seconds, text: '', segments }),
      );
      engineSpent += performance.now() - started;
    }, engineMs);
  });
});
await new Promise((resolve) => engine.listen(0, '127.0.0.1', resolve));

const dir = mkdtempSync(join(tmpdir(), 'hirecast-bench-transcribe-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: '',
  STORAGE_DRIVER: 'local',
  LOG_LEVEL: 'silent',
  TRANSCRIBE_BASE_URL: `http://127.0.0.1:${engine.address().port}/v1`,
});
const tools = videoToolsFrom(config)();
const log = pino({ level: 'silent' });

console.log(`generating a ${seconds} s answer with sound…`);
const clip = join(dir, 'answer.mp4');
execFileSync(tools.ffmpeg, [
  ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1280x720:rate=30`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clip],
]);

// Plain ffmpeg: the same extraction's arguments, typed out, file to file; before and after the job.
const plain = () => {
  const t = performance.now();
  execFileSync(tools.ffmpeg, [
    ...['-v', 'error', '-nostdin', '-i', clip, '-map', '0:a:0', '-vn', '-sn', '-dn'],
    ...[
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-f',
      'mp3',
      '-y',
      join(dir, 'plain.mp3'),
    ],
  ]);
  return performance.now() - t;
};
const ours = async () => {
  const t = performance.now();
  await extractSpeechAudio(tools.ffmpeg, { source: clip, output: join(dir, 'ours.mp3') });
  return performance.now() - t;
};
const plainBefore = plain();
const oursBefore = await ours();

const database = await createDb({});
await database.migrate();
const storage = createStorage(config);
// As a worker runs it: it listens for new jobs (NOTIFY) instead of waiting for its next poll.
const queue = createQueue({ database, log, runsHandlers: true });
const company = await createCompany(database.db);
const originalKey = `uploads/${company.id}/${randomUUID()}.mp4`;
await storage.put({ key: originalKey, body: new Uint8Array(readFileSync(clip)), contentType: 'video/mp4' });
const [asset] = await database.db
  .insert(videoAssets)
  .values({ companyId: company.id, title: 'Answer', fileName: 'answer.mp4', originalKey, status: 'ready' })
  .returning();
const ctx = { db: database.db, storage, log, queue, config };
await registerTranscription(
  queue,
  transcriptionDeps(ctx, () => tools),
);
const scope = { companyId: company.id, role: 2 };

// "Answer saved": its video is playable and its transcript requested, as the video job's afterPlayable does.
const t0 = performance.now();
await requestTranscription(ctx, asset.id);
let shown;
for (;;) {
  const transcript = await getTranscript(ctx, scope, asset.id);
  if (transcript.status === 'done' && transcript.segments.length > 0) {
    shown = performance.now();
    break;
  }
  if (transcript.status === 'failed') throw new Error(transcript.failureReason);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await queue.stop();
await database.close();
engine.close();
const plainAfter = plain();
const oursAfter = await ours();
rmSync(dir, { recursive: true, force: true });

const totalMs = shown - t0;
const overhead = (totalMs - engineSpent) / 1000;
const ratio = (oursBefore + oursAfter) / (plainBefore + plainAfter);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`answer saved → transcript readable: ${s(totalMs)} (engine ${s(engineSpent)})`);
console.log(
  `extraction ${s((oursBefore + oursAfter) / 2)}, plain ffmpeg ${s((plainBefore + plainAfter) / 2)}`,
);
console.log(
  '(the applicant page asks again every 1.5 s while a transcript is being made: up to that on top)',
);
console.log(`transcript overhead: ${overhead.toFixed(1)} s`);
console.log(`extraction / ffmpeg: ${ratio.toFixed(2)}`);

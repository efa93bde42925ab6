// The spike (issue 36 item 6, decision 039): 50 candidates each submit a 30 s H.264 recording (as Chrome records
// it: 1280x720 Constrained Baseline with Opus sound, a fragmented MP4) within 5 s, through the public API (tus
// upload, then apply), to one employer's job, while that employer's lists (the jobs list and the job's
// applicants list) are read continuously. PostgreSQL, the queue in the API process (QUEUE_INPROCESS, one process
// as the embedded set-up and small installs run it). Ends with three lines:
//   last playable after submit: N s   (the last recording playable, counted from the last submission; goal ≤ 60)
//   employer p99 during: N ms          (the employer's reads from the first submission to the last playable; ≤ 200)
//   errors: N                          (failed submissions and reads, videos ended in error; goal 0)
//
// Usage: npm run bench:spike [-- --candidates 50 --within 5 --seconds 30 --companies 1 --readers 2 --read-every 250
//   --drain-minutes 0 --cpu-prof DIR]
// The employer's reads: --readers N readers, each reading one of the two lists every --read-every ms (the default,
// 2 readers every 250 ms, is 8 reads a second: more than a dozen employers whose screens refresh every 3 s, as the
// app's lists do while a video processes); --read-every 0 reads without pause (a load test of the API beside the
// pipeline rather than an employer's screen).
// --companies N spreads the candidates over N employers' jobs (the first one's lists are read); --drain-minutes N
// then waits up to N minutes for the rest (the other thumbnails, the smaller renditions) and says when it was done. Env passes through
// to the server (VIDEO_CONCURRENCY, VIDEO_CONCURRENCY_PER_COMPANY…). DATABASE_URL: a PostgreSQL server URL
// (default postgres://postgres@127.0.0.1:5432/test); a fresh database is made for the run and dropped after.
// --cpu-prof DIR writes the API process's CPU profile (node --cpu-prof) into DIR when the server stops.
// The recording is made once with ffmpeg and kept in the system's temporary folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { loadavg, availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createBenchDatabase } from './lib/database.mjs';
import { publishJob, signUpEmployer } from './lib/employer.mjs';
import { percentile } from './lib/measure.mjs';
import { freePort, startServer, stopServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    candidates: { type: 'string', default: '50' },
    within: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '30' },
    companies: { type: 'string', default: '1' },
    readers: { type: 'string', default: '2' },
    'read-every': { type: 'string', default: '250' },
    'drain-minutes': { type: 'string', default: '0' },
    'cpu-prof': { type: 'string' },
  },
});
const CANDIDATES = Number(args.candidates);
const WITHIN_MS = Number(args.within) * 1000;
const SECONDS = Number(args.seconds);
const COMPANIES = Number(args.companies);
const READERS = Number(args.readers);
const READ_EVERY = Number(args['read-every']);
const DRAIN_MS = Number(args['drain-minutes']) * 60_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- the recording, made once.
const fixture = join(tmpdir(), `hirecast-spike-h264-opus-720p-${SECONDS}s-v1.mp4`);
if (!existsSync(fixture)) {
  console.log(`making a ${SECONDS} s 1280x720 H.264 + Opus recording (once, cached at ${fixture})…`);
  const partial = `${fixture}.partial.mp4`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${SECONDS}:size=1280x720:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '2500k', '-g', '60', '-c:a', 'libopus', '-b:a', '64k'],
    // As Chrome's MediaRecorder writes MP4: fragments, the index up front and empty.
    ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-y', partial],
  ]);
  renameSync(partial, fixture);
}
const recording = readFileSync(fixture);

const database = await createBenchDatabase('spike');
const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-spike-'));
let server;
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
pool.on('error', () => {});
try {
  server = await startServer({
    port: await freePort(),
    dataDir,
    databaseUrl: database.url,
    env: { QUEUE_INPROCESS: 'true', DEV_MAILBOX: 'on' },
    nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [],
    readyTimeoutMs: 300_000,
  });
  const { base } = server;
  const call = async (method, path, { headers = {}, body, raw } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}) },
      body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text.startsWith('{') ? JSON.parse(text) : null };
  };

  // --- the employers (the first one's lists are read) and their jobs.
  const employers = [];
  for (let i = 0; i < COMPANIES; i++) {
    const boss = await signUpEmployer(base, { company: `Spike Coffee ${i + 1}` });
    employers.push({ boss, job: await publishJob(base, boss, { isVideoOptional: true }) });
  }
  const watched = employers[0];
  const b64 = (s) => Buffer.from(s).toString('base64');
  const errors = [];
  const submitted = [];
  const submit = async (n) => {
    const { job } = employers[n % COMPANIES];
    const created = await call('POST', '/api/public/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(recording.length),
        'upload-metadata': `job ${b64(job.shortId)},filename ${b64('answer.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    if (created.status !== 201) return errors.push(`upload ${n}: ${created.status}`);
    const path = new URL(created.headers.get('location'), base).pathname;
    const sent = await call('PATCH', path, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      raw: recording,
    });
    if (sent.status !== 204) return errors.push(`upload ${n}: ${sent.status}`);
    const applied = await call('POST', `/api/public/job/${job.shortId}/apply`, {
      body: {
        firstName: 'Casey',
        lastName: `Candidate${n}`,
        email: `casey-${n}-${process.pid}@example-spike.com`,
        consent: true,
        video: { uploadId: path.split('/').pop() },
      },
    });
    if (applied.status !== 201)
      return errors.push(`apply ${n}: ${applied.status} ${JSON.stringify(applied.json)}`);
    submitted.push({ n, at: performance.now() });
  };

  // --- the employer reading their lists, from just before the first submission to the last playable, in a thread
  // of their own (lib/reader-thread.mjs).
  const readerThread = new Worker(new URL('./lib/reader-thread.mjs', import.meta.url), {
    workerData: {
      base,
      headers: watched.boss.headers,
      paths: ['/api/job', `/api/job/${watched.job._id}/applications?sort=newest&skip=0&limit=10`],
      readers: READERS,
      readEvery: READ_EVERY,
    },
  });
  const readerResult = new Promise((resolve, reject) => {
    readerThread.on('message', (m) => m !== 'ready' && resolve(m));
    readerThread.once('error', reject);
  });
  await new Promise((resolve) => readerThread.once('message', resolve));

  // --- the spike: one submission every WITHIN/CANDIDATES ms.
  const loads = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]), 1000);
  const start = performance.now();
  const submissions = Array.from({ length: CANDIDATES }, async (_, n) => {
    await sleep((n * WITHIN_MS) / CANDIDATES);
    await submit(n).catch((err) => errors.push(`submit ${n}: ${err}`));
  });

  // --- when each recording becomes playable (a rendition saved) and when all are done, read in the database.
  const playableAt = new Map();
  let doneAt;
  const poll = async () => {
    const { rows } = await pool.query(
      `select id, status, data, jsonb_array_length(thumbnails) as thumbs from video_assets where original_key is not null`,
    );
    const now = performance.now();
    for (const row of rows) {
      if (!playableAt.has(row.id) && (row.data.videoMp4Url || row.data.videoMp4Url_720p))
        playableAt.set(row.id, now);
      if (row.status === 'error' && !errors.includes(`video ${row.id}`)) errors.push(`video ${row.id}`);
    }
    const finished = rows.filter(
      (r) => r.status === 'error' || (r.data.videoMp4Url && r.data.videoMp4Url_720p && r.thumbs > 1),
    );
    return { total: rows.length, playable: playableAt.size, finished: finished.length };
  };
  await Promise.all(submissions);
  const lastSubmit = Math.max(...submitted.map((s) => s.at));
  const expected = submitted.length;
  let told = performance.now();
  for (
    let state = await poll();
    state.playable + errors.filter((e) => e.startsWith('video')).length < expected;
  ) {
    if (performance.now() - lastSubmit > 15 * 60_000) throw new Error('not all playable within 15 minutes');
    if (performance.now() - told > 10_000) {
      told = performance.now();
      console.log(`… ${state.playable} of ${expected} playable, load ${loadavg()[0].toFixed(1)}`);
    }
    await sleep(200);
    state = await poll();
  }
  const lastPlayable = Math.max(...playableAt.values());
  readerThread.postMessage('stop');
  const { reads, errors: readErrors } = await readerResult;
  errors.push(...readErrors);
  const loadDuringPlayable = Math.max(...loads);
  // The rest (other thumbnails, the smaller renditions), when asked for.
  let finished = 0;
  if (DRAIN_MS > 0) {
    for (let state = await poll(); ; state = await poll()) {
      finished = state.finished;
      if (finished >= expected || performance.now() - lastPlayable > DRAIN_MS) break;
      await sleep(500);
    }
    doneAt = performance.now();
  }
  clearInterval(loadTimer);

  const sorted = reads.sort((a, b) => a - b);
  console.log(
    `machine: ${availableParallelism()} cores; VIDEO_CONCURRENCY=${process.env.VIDEO_CONCURRENCY ?? '(default)'}, ` +
      `VIDEO_CONCURRENCY_PER_COMPANY=${process.env.VIDEO_CONCURRENCY_PER_COMPANY ?? '(default)'}; ` +
      `${CANDIDATES} candidates over ${COMPANIES} ${COMPANIES === 1 ? 'company' : 'companies'}`,
  );
  console.log(
    `submitted: ${submitted.length} in ${((lastSubmit - start) / 1000).toFixed(1)} s (${(recording.length / 1e6).toFixed(1)} MB each)`,
  );
  console.log(
    `employer reads: ${reads.length} (p50 ${percentile(sorted, 50).toFixed(0)} ms); highest 1-min load until the last playable: ${loadDuringPlayable.toFixed(2)}`,
  );
  if (doneAt)
    console.log(
      finished >= expected
        ? `everything done (thumbnails, renditions) after submit: ${((doneAt - lastSubmit) / 1000).toFixed(0)} s`
        : `everything done: ${finished} of ${expected} after ${args['drain-minutes']} min more`,
    );
  for (const e of errors.slice(0, 5)) console.log(`error: ${e}`);
  console.log(`last playable after submit: ${((lastPlayable - lastSubmit) / 1000).toFixed(1)} s`);
  console.log(`employer p99 during: ${percentile(sorted, 99).toFixed(0)} ms`);
  console.log(`errors: ${errors.length}`);
} finally {
  await pool.end();
  await stopServer(server?.child);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

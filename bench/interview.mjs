// A recorded video answer from Stop to saved and to playable for the reviewer (issue 25, "Playable in seconds").
// The candidate records a 60 s answer in Chromium with the fake camera through the real site (the apply flow's
// video introduction: its recorder and its tus upload), against the real server on PostgreSQL with a separate
// worker process (`npm run worker`), as in production. Twice: once as Chromium records by itself, H.264 in MP4
// (what Chrome and Safari record, decision 031: copied, not transcoded) and once WebM (VP8, what a browser
// without H.264 recording gives: transcoded). The WebM figure is compared with a plain ffmpeg transcode of the
// same file to the same first rendition, run by this bench beside it.
//
//   stop to saved:    Stop pressed → the page says the recording is uploaded (the answer is kept on the server)
//   stop to playable: Stop pressed → the employer's API gives a playable MP4 for the answer (polled every 100 ms)
//
// The apply flow sends the application after the upload: the bench presses Continue and Submit at once, so
// "stop to playable" includes that (a person takes longer; the server's part is what is measured).
//
// Usage: npm run bench:interview [-- --seconds 60]   (needs `npm run build` first)
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh database is
// created on it for the run and dropped afterwards.
// The functions given to page.evaluate and addInitScript run in the page, where these exist.
/* global window, document */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright';
import { publishJob, signUpEmployer } from './lib/employer.mjs';
import { startApiAndWorker, waitFor } from './lib/server.mjs';
import { transcodeArgs } from '../apps/server/src/lib/video/transcode.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    formats: { type: 'string', default: 'h264,webm' },
  },
});
const SECONDS = Number(args.seconds);
const FORMATS = args.formats.split(',');

if (!existsSync('apps/site/dist') || !existsSync('apps/web/dist')) {
  console.error('bench:interview needs the built site and app: run `npm run build` first');
  process.exit(1);
}

let stack;
// The data folder of the API and the worker (the stored files), set once they run.
let dataDir;
let browser;
let db;
try {
  stack = await startApiAndWorker({ name: 'interview' });
  const { base } = stack;
  dataDir = stack.dataDir;
  console.log(`api at ${base}`);
  stack.api.on('exit', (code, signal) => console.log('api exited', code, signal));
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();

  const boss = await signUpEmployer(base);
  const job = await publishJob(base, boss, { isVideoOptional: false });
  await waitFor(`${base}/readyz`, stack.api);
  // The worker is up when its queue has created its job tables and polls (its first log line is at warn level
  // only on trouble): wait for pg-boss's queue row of video.process.
  for (let i = 0; ; i++) {
    const { rows } = await db
      .query(`select 1 from pgboss.queue where name = 'video.renditions'`)
      .catch(() => ({ rows: [] }));
    if (rows.length) break;
    if (i > 600) throw new Error('the worker did not start');
    await sleep(100);
  }

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  const results = {};
  for (const format of FORMATS) {
    console.log(`recording a ${SECONDS} s answer as ${format}…`);
    results[format] = await recordAnswer({ base, job, boss, format });
    const r = results[format];
    console.log(
      `  ${format}: ${r.recorded}, ${r.size}; stop → saved ${s(r.savedMs)}, stop → submitted ${s(r.submittedMs)},` +
        ` submitted → playable ${s(r.playableMs - r.submittedMs)}, stop → playable ${s(r.playableMs)}` +
        ` (${r.playedAs}); plain ffmpeg 480p transcode of the same file ${s(r.ffmpegMs)}`,
    );
  }

  const saved = Math.max(...Object.values(results).map((r) => r.savedMs));
  console.log('');
  console.log(`stop to saved: ${(saved / 1000).toFixed(1)} s`);
  if (results.h264) console.log(`stop to playable (h264): ${(results.h264.playableMs / 1000).toFixed(1)} s`);
  if (results.webm)
    console.log(`playable / ffmpeg: ${(results.webm.playableMs / results.webm.ffmpegMs).toFixed(2)}`);
} finally {
  await browser?.close();
  await db?.end();
  await stack?.stop();
}

function step(what) {
  console.log(`  [${(performance.now() / 1000).toFixed(1)} s] ${what}`);
}
function s(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}
function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// What the page's MediaRecorder records. 'h264': Chromium as it is; the site's recorder picks H.264 itself
// (`video/mp4;codecs=avc1,opus`, packages/recorder/src/format.ts), and the bench checks that it did. 'webm': as a
// browser that records WebM only (Firefox): the MP4 types are hidden from the recorder's choice.
function forceFormat(format) {
  if (format !== 'webm') return;
  const Original = window.MediaRecorder;
  const supported = Original.isTypeSupported.bind(Original);
  class WebmOnly extends Original {
    static isTypeSupported(type) {
      return !type.startsWith('video/mp4') && supported(type);
    }
  }
  window.MediaRecorder = WebmOnly;
}

async function recordAnswer({ base, job, boss, format }) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(forceFormat, format);
  const page = await context.newPage();
  try {
    await page.goto(job.path);
    step('job page open');
    const applyHeading = page.getByRole('heading', { name: `Apply for ${job.title}`, level: 1 });
    for (let i = 0; !(await applyHeading.isVisible()); i++) {
      // The server's HTML has no handlers until it hydrates: click until the form opens.
      const apply = page.getByRole('button', { name: 'Apply', exact: true });
      if (await apply.isVisible()) await apply.click({ timeout: 2_000 }).catch(() => {});
      if (i > 100) throw new Error('the apply form did not open');
      await sleep(200);
    }
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Candidate');
    const email = `casey-${format}-${Date.now()}@example-bench.com`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Video introduction', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Turn on camera' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    step('recording');
    const clock = (m) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
    await page
      .getByRole('timer')
      .filter({ hasText: new RegExp(`^${clock(SECONDS)} /`) })
      .waitFor({ timeout: (SECONDS + 30) * 1000 });

    // Stop, timed in the page's clock (epoch ms), then the first frame whose upload status reads "Uploaded".
    const stopButton = page.getByRole('button', { name: 'Stop recording' });
    await stopButton.waitFor();
    const stoppedAt = await stopButton.evaluate((button) => {
      const at = performance.timeOrigin + performance.now();
      button.click();
      return at;
    });
    const savedAt = await page.waitForFunction(
      () =>
        document.querySelector('.upload-status')?.textContent?.includes('Uploaded') &&
        performance.timeOrigin + performance.now(),
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const savedMs = (await savedAt.jsonValue()) - stoppedAt;
    step('uploaded');
    const recorded = await page.evaluate(() => document.querySelector('.upload-status')?.textContent ?? '');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: /I agree that/ }).check();
    const applied = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/apply') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit application' }).click();
    const response = await applied;
    step('submitted');
    const submittedMs = Date.now() - stoppedAt;
    if (response.status() !== 201) throw new Error(`apply answered ${response.status()}`);
    const found = await db.query(`select id from applications where email = $1`, [email]);
    const applicationId = found.rows[0].id;

    // The reviewer's view: the applicant's introduction as the employer's API gives it.
    let playable;
    for (const end = Date.now() + 10 * 60_000; !playable; await sleep(100)) {
      if (Date.now() > end) throw new Error('the answer did not become playable within 10 minutes');
      const res = await fetch(`${base}/api/job/candidate/${applicationId}`, {
        headers: boss.headers,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) step(`the applicant answered ${res.status}`);
      const intro = (await res.json()).data?._profile?._introduction;
      if (intro?.status === 'error') throw new Error(`the answer failed: ${JSON.stringify(intro)}`);
      const url = intro?.data.videoMp4Url_720p ?? intro?.data.videoMp4Url;
      if (url && intro.status !== 'in progress' && intro.status !== 'new')
        playable = { at: Date.now(), url: new URL(url, base).toString() };
    }
    const playableMs = playable.at - stoppedAt;
    step('playable');

    // What the reviewer gets, and the plain ffmpeg transcode of the same original.
    const { rows } = await db.query(
      `select v.original_key from applications a join video_assets v on v.id = a.video_asset_id where a.id = $1`,
      [applicationId],
    );
    const original = join(dataDir, 'storage', rows[0].original_key);
    const served = join(dataDir, `served-${format}.mp4`);
    writeFileSync(served, Buffer.from(await (await fetch(playable.url)).arrayBuffer()));
    const probe = (file) =>
      JSON.parse(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-print_format',
          'json',
          '-show_streams',
          '-show_format',
          file,
        ]),
      );
    const src = probe(original);
    const out = probe(served);
    const codecs = (p) => p.streams.map((st) => st.codec_name).join('+');
    const video = src.streams.find((st) => st.codec_type === 'video');
    const wanted = format === 'h264' ? 'h264' : 'vp8|vp9';
    if (!new RegExp(`^(${wanted})$`).test(video.codec_name))
      throw new Error(`the recorder recorded ${video.codec_name}, not ${format}`);
    const ffmpegMs = plainTranscode(original, { width: video.width, height: video.height, hasAudio: true });
    return {
      savedMs,
      submittedMs,
      playableMs,
      ffmpegMs,
      recorded: `${codecs(src)} ${video.width}x${video.height} (${recorded.trim()})`,
      size: `${(Number(src.format.size) / 1e6).toFixed(1)} MB`,
      playedAs: `${codecs(out)} ${out.streams.find((st) => st.codec_type === 'video').width}p-wide, ${Number(out.format.duration).toFixed(1)} s`,
    };
  } catch (err) {
    const shot = join(tmpdir(), `bench-interview-${format}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.error(
      `failed (${err instanceof Error ? `${err.message} ${err.cause ?? ''}` : err}); the page is in ${shot}`,
    );
    console.error(err);
    throw err;
  } finally {
    await context.close();
  }
}

/** The same first rendition the pipeline makes (480p, its settings), by ffmpeg alone: wall ms. */
function plainTranscode(source, probe) {
  const output = join(dataDir, `plain-${Date.now()}.mp4`);
  const t = performance.now();
  execFileSync('ffmpeg', transcodeArgs({ source, output, probe, height: 480 }), { stdio: 'ignore' });
  const ms = performance.now() - t;
  rmSync(output, { force: true });
  return ms;
}

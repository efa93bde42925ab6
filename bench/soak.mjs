// Soak (issue 24 item 7): mixed traffic at half of the measured capacity for 10 minutes against PostgreSQL, with
// an API process and a separate worker process (`npm run worker`), as deployed. The mix: the jobs list, an
// applicant page, the public job page, an application with a video (tus upload of a 1 s H.264 clip, then
// apply), a status change that emails the candidate (the embedded mail: outbox, dev mailbox), and an animated
// video render (one at a time, each waiting for the last). Capacity is measured first by a short closed loop of
// the read requests (or given with --rate). Reports throughput, p50/p99 per route, errors, RSS at start and end
// of each process, and ends with three lines: `errors: N`, `p99 last minute / first minute: R` (worst route) and
// `rss growth: N %` (worst process).
//
// Usage: npm run bench:soak [-- --minutes 10] [--rate <requests a second>]   (needs `npm run build` first)
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh database is
// created on it for the run and dropped afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startServer, stopServer } from './lib/server.mjs';
import { templateData } from '../apps/server/test/video-templates-support.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string' },
    'capacity-seconds': { type: 'string', default: '15' },
  },
});
const MINUTES = Number(args.minutes);

if (!existsSync('apps/site/dist') || !existsSync('apps/web/dist')) {
  console.error('bench:soak needs the built site and app: run `npm run build` first');
  process.exit(1);
}

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const dbName = `hc_bench_soak_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-soak-'));
const port = await freePort();
const env = { QUEUE_INPROCESS: 'false', DEV_MAILBOX: 'on', LOG_LEVEL: 'warn' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A 1 s 320x240 H.264/AAC clip: the candidate's recording (copied by the pipeline, decision 031).
const clipFile = join(dataDir, 'clip.mp4');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clipFile],
]);
const clip = readFileSync(clipFile);

let api;
let worker;
try {
  // A shared, busy machine can take minutes to start a process.
  api = await startServer({ port, dataDir, databaseUrl: dbUrl.toString(), env, readyTimeoutMs: 300_000 });
  const base = api.base;
  worker = spawn(process.execPath, ['apps/server/src/worker.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const call = async (method, path, { headers = {}, body, raw } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}) },
      body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text.startsWith('{') ? JSON.parse(text) : null };
  };
  const must = async (what, promise, ok = (s) => s >= 200 && s < 300) => {
    const res = await promise;
    if (!ok(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json?.data;
  };

  // --- set-up: an employer, a job with a video question, a few applicants, a library clip for the renders.
  const boss = await employer(base, call, must);
  const headers = boss.headers;
  const job = await must(
    'create job',
    call('POST', '/api/job', {
      headers,
      body: {
        title: 'Barista',
        postHeading: 'Join a friendly team',
        location: { city: 'Leeds', country: 'United Kingdom' },
        description: { ops: [{ insert: 'Serve great coffee to the people of Leeds.\n' }] },
        isVideoOptional: true,
        videoQuestion: 'What makes a great cup of coffee?',
      },
    }),
  );
  await must(
    'publish',
    call('PATCH', `/api/job/${job._id}/status`, {
      headers,
      body: { status: 'open', acknowledged: { firstJob: true } },
    }),
  );
  const { shareUrl } = await must('share', call('POST', `/api/job/${job._id}/short`, { headers }));
  const jobPath = new URL(shareUrl).pathname;
  let applicantSeq = 0;
  const applicationIds = [];
  const statuses = new Map();
  const changing = new Set();
  const applyWithVideo = async () => {
    const b64 = (s) => Buffer.from(s).toString('base64');
    const created = await call('POST', '/api/public/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': `job ${b64(job.shortId)},filename ${b64('intro.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    if (created.status !== 201) return created;
    const path = new URL(created.headers.get('location'), base).pathname;
    const sent = await call('PATCH', path, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      raw: clip,
    });
    if (sent.status !== 204) return sent;
    const n = ++applicantSeq;
    const applied = await call('POST', `/api/public/job/${job.shortId}/apply`, {
      body: {
        firstName: 'Casey',
        lastName: `Candidate${n}`,
        email: `casey-${n}-${process.pid}@example-soak.com`,
        consent: true,
        video: { uploadId: path.split('/').pop() },
      },
    });
    if (applied.status === 201) applicationIds.push(applied.json.data.applicationId);
    return applied;
  };
  for (let i = 0; i < 5; i++) await must('apply', applyWithVideo());
  // More applicants (without a video, which the job allows) for the status changes to spread over.
  for (let i = 0; i < 40; i++) {
    const data = await must(
      'apply',
      call('POST', `/api/public/job/${job.shortId}/apply`, {
        body: {
          firstName: 'Sam',
          lastName: `Applicant${i}`,
          email: `sam-${i}-${process.pid}@example-soak.com`,
          consent: true,
        },
      }),
    );
    applicationIds.push(data.applicationId);
  }

  // The render's clip: a library video, uploaded and processed like any.
  const upload = await call('POST', '/api/uploads', {
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(clip.length),
      'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
    },
  });
  const uploadPath = new URL(upload.headers.get('location'), base).pathname;
  await must(
    'upload',
    call('PATCH', uploadPath, {
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      raw: clip,
    }),
  );
  const asset = await must(
    'asset',
    call('POST', '/api/asset', {
      headers,
      body: { type: 0, title: 'Clip', fileName: 'clip.mp4', uploadId: uploadPath.split('/').pop() },
    }),
  );
  for (let i = 0; ; i++) {
    const a = await must('asset', call('GET', `/api/asset/${asset._id}`, { headers }));
    if (a.data.videoMp4Url && a.data.videoMp4Url_720p) break;
    if (a.status === 'error' || i > 600)
      throw new Error(`the library clip did not process: ${a.statusReason}`);
    await sleep(200);
  }

  // --- the operations.
  const ops = {
    'GET /api/job (jobs list)': () => call('GET', '/api/job', { headers }),
    'GET /api/job/candidate/:id (applicant page)': () =>
      call('GET', `/api/job/candidate/${applicationIds[applicantSeq % applicationIds.length]}`, { headers }),
    'GET /j/… (public job page)': () => call('GET', jobPath),
    'PATCH …/send (status change with email)': async () => {
      // An applicant no other change is under way for, moved between shortlisted and interviewing (a change to
      // the status it already has is refused, rightly).
      const free = applicationIds.filter((a) => !changing.has(a));
      const id = free[Math.floor(Math.random() * free.length)];
      if (!id) throw new Error('no applicant free for a status change');
      changing.add(id);
      const status = statuses.get(id) === 'shortlisted' ? 'interviewing' : 'shortlisted';
      try {
        const res = await call('PATCH', `/api/job/${job._id}/application/${id}/send`, {
          headers,
          body: {
            status,
            subject: 'About your application',
            text: 'Thank you, [first name]. We will be in touch.',
          },
        });
        if (res.status === 200) statuses.set(id, status);
        return res;
      } finally {
        changing.delete(id);
      }
    },
    'tus + POST apply (apply with a video)': applyWithVideo,
  };
  const READS = ops;
  // Weights of the mix (per 100 requests); the render runs on its own, one at a time.
  const MIX = [
    ['GET /api/job (jobs list)', 30],
    ['GET /api/job/candidate/:id (applicant page)', 30],
    ['GET /j/… (public job page)', 30],
    ['PATCH …/send (status change with email)', 7],
    ['tus + POST apply (apply with a video)', 3],
  ];
  const pick = () => {
    let r = Math.random() * 100;
    for (const [name, w] of MIX) if ((r -= w) < 0) return name;
    return MIX[0][0];
  };

  // --- capacity: a closed loop of the mix, 8 in flight, for a few seconds.
  let rate = Number(args.rate);
  if (!rate) {
    const until = Date.now() + Number(args['capacity-seconds']) * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          await READS[pick()]();
          done++;
        }
      }),
    );
    const capacity = done / Number(args['capacity-seconds']);
    rate = Math.max(1, Math.round(capacity / 2));
    console.log(
      `capacity (closed loop, 8 in flight, ${args['capacity-seconds']} s): ${capacity.toFixed(1)} req/s`,
    );
  }
  console.log(`soak: ${MINUTES} min at ${rate} req/s (open loop) + one render at a time`);

  // --- RSS of each process (API, worker) from /proc, with the worker's ffmpeg children apart.
  const rss = (pid) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
    } catch {
      return Number.NaN;
    }
  };
  const processes = { api: api.child.pid, worker: worker.pid };
  // Renders: one at a time, each to its end (rendered), as a team member making a video would.
  const renderOnce = async () => {
    const data = templateData('landscape', [{ assetId: asset._id, duration: 1000 }]);
    const template = await must(
      'template',
      call('POST', '/api/video', { headers, body: { title: 'Soak', data } }),
    );
    await must('render', call('POST', `/api/video/${template._id}/render`, { headers }));
    let status;
    for (;;) {
      status = (await must('template', call('GET', `/api/video/${template._id}`, { headers }))).status;
      if (status !== 'preparing' && status !== 'rendering') break;
      await sleep(250);
    }
    await call('DELETE', `/api/video/${template._id}`, { headers });
    return status;
  };
  // Warm: every route once and one render, so the first minute and the start RSS are not first-use costs (JIT
  // compilation, the renderer's fonts and canvas loaded once per worker).
  for (const name of Object.keys(ops)) await ops[name]();
  const warmRender = await renderOnce();
  if (warmRender !== 'rendered') throw new Error(`the warm-up render ended ${warmRender}`);
  const rssStart = Object.fromEntries(Object.entries(processes).map(([n, pid]) => [n, rss(pid)]));

  // --- the soak: open loop at `rate`, samples per route per minute.
  const samples = new Map(); // route -> minute -> [ms]
  const errors = new Map();
  const record = (route, minute, ms, ok, detail) => {
    if (!samples.has(route)) samples.set(route, []);
    (samples.get(route)[minute] ??= []).push(ms);
    if (!ok) {
      errors.set(route, (errors.get(route) ?? 0) + 1);
      if ((errors.get(route) ?? 0) <= 3) console.log(`error on ${route}: ${detail}`);
    }
  };
  const start = Date.now();
  const end = start + MINUTES * 60_000;
  const minuteOf = (t) => Math.min(MINUTES - 1, Math.floor((t - start) / 60_000));
  const inFlight = new Set();
  let sent = 0;
  const timed = async (route, fn) => {
    const t0 = performance.now();
    const at = Date.now();
    try {
      const res = await fn();
      record(
        route,
        minuteOf(at),
        performance.now() - t0,
        res.status < 400,
        `${res.status} ${JSON.stringify(res.json)}`,
      );
    } catch (err) {
      record(route, minuteOf(at), performance.now() - t0, false, String(err));
    }
  };
  const renderLoop = (async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const at = Date.now();
      try {
        const status = await renderOnce();
        record(
          'render (template → rendered)',
          minuteOf(at),
          performance.now() - t0,
          status === 'rendered',
          status,
        );
      } catch (err) {
        record('render (template → rendered)', minuteOf(at), performance.now() - t0, false, String(err));
      }
    }
  })();
  const interval = 1000 / rate;
  for (let next = Date.now(); next < end; next += interval) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    const route = pick();
    const p = timed(route, ops[route]);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    sent++;
  }
  await Promise.all([...inFlight]);
  await renderLoop;
  const seconds = (Date.now() - start) / 1000;
  // Settle: the worker finishes the videos of the last applications before its memory is read.
  await sleep(3000);
  const rssEnd = Object.fromEntries(Object.entries(processes).map(([n, pid]) => [n, rss(pid)]));

  // --- report.
  const pct = (sorted, p) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const totalErrors = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log('');
  console.log(
    `throughput: ${(sent / seconds).toFixed(1)} req/s (${sent} requests in ${seconds.toFixed(0)} s)`,
  );
  let worst = { route: '', ratio: 0 };
  for (const [route, perMinute] of samples) {
    const all = perMinute.flat().sort((a, b) => a - b);
    const first = (perMinute[0] ?? []).sort((a, b) => a - b);
    const last = (perMinute[MINUTES - 1] ?? []).sort((a, b) => a - b);
    const ratio = pct(last, 99) / pct(first, 99);
    console.log(
      `${route}: n=${all.length} p50 ${fmt(pct(all, 50))} p99 ${fmt(pct(all, 99))}; first minute p99 ${fmt(pct(first, 99))} (n=${first.length}), last minute p99 ${fmt(pct(last, 99))} (n=${last.length}); errors ${errors.get(route) ?? 0}`,
    );
    // A route with fewer than 10 samples a minute (the renders) has no meaningful p99 of its own.
    if (first.length >= 10 && last.length >= 10 && ratio > worst.ratio) worst = { route, ratio };
  }
  let worstRss = { name: '', growth: -Infinity };
  for (const name of Object.keys(processes)) {
    const growth = ((rssEnd[name] - rssStart[name]) / rssStart[name]) * 100;
    console.log(
      `rss ${name}: start ${(rssStart[name] / 1e6).toFixed(1)} MB, end ${(rssEnd[name] / 1e6).toFixed(1)} MB (${growth.toFixed(1)} %)`,
    );
    if (growth > worstRss.growth) worstRss = { name, growth };
  }
  console.log(`worst p99 route: ${worst.route}; worst rss: ${worstRss.name}`);
  console.log('');
  console.log(`errors: ${totalErrors}`);
  console.log(`p99 last minute / first minute: ${worst.ratio.toFixed(2)}`);
  console.log(`rss growth: ${worstRss.growth.toFixed(1)} %`);
} finally {
  await stopServer(api?.child);
  await stopServer(worker);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

async function employer(base, call, must) {
  const user = {
    email: `soak-${Date.now()}@northwind-bench.com`,
    password: 'correct-horse-42',
    firstName: 'Erin',
    lastName: 'Soak',
  };
  const signup = await must('sign-up', call('POST', '/api/manager/signup/email', { body: user }));
  const auth = { authorization: `Bearer ${signup['access-token']}` };
  await must(
    'company',
    call('POST', '/api/company', {
      headers: auth,
      body: {
        name: 'Soak Coffee',
        industry: 'Retail',
        description: 'A company made by the soak.',
        location: { city: 'Leeds', country: 'United Kingdom' },
      },
    }),
  );
  let verifyToken;
  for (let i = 0; !verifyToken; i++) {
    const mails =
      (await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(user.email)}`)).json?.data ?? [];
    verifyToken = mails.map((m) => /verify-token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
    if (i > 100) throw new Error('no verification email');
    if (!verifyToken) await sleep(100);
  }
  await must(
    'verify',
    call('POST', '/api/manager/signup/email/verify', { headers: auth, body: { token: verifyToken } }),
  );
  const me = await must('me', call('GET', '/api/manager/me', { headers: auth }));
  return { headers: { ...auth, 'x-company-id': me._company } };
}

// Soak (issue 24 item 7): mixed traffic at half of the measured capacity for 10 minutes against PostgreSQL, with
// an API process and a separate worker process (`npm run worker`), as deployed. The mix: the jobs list, an
// applicant page, the public job page, an application with a video (tus upload of a 1 s H.264 clip, then
// apply), a status change that emails the candidate (the embedded mail: outbox, dev mailbox), and an animated
// video render (one at a time, each waiting for the last). Capacity is measured first by a short closed loop of
// the same mix while renders run (or given with --rate). Reports throughput, p50/p99 per route, errors, the RSS of each
// process after each render, its start, peak and end RSS, and ends with four lines: `errors: N`, `p99 last minute /
// first minute: R` (worst route), `rss growth: api N %, worker N %` and `api rss peak: N MB`.
//
// RSS growth is measured from the end of a stated warm-up (`--rss-warmup-minutes`: 2 for a run of 6 minutes or
// more, else 1) to the end, each read when no render runs (after a render, and after the run). The worker's
// first renders grow its RSS by about 100 MB and then it stays flat (`npm run bench:render-memory`: 40 renders
// in one process, RSS, heap and external memory after each; docs/benchmarks.md); the growth from the start is
// printed too. The peak is the highest RSS read once a second from the start of the soak to its end (after
// the set-up, the warm-up render and the capacity loop); the kernel's high-water mark (VmHWM, since the process
// started) is printed beside it.
//
// Usage: npm run bench:soak [-- --minutes 10] [--rate <requests a second>] [--rss-warmup-minutes N]
// (needs `npm run build` first)
// DATABASE_URL: a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/test); a fresh database is
// created on it for the run and dropped afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { publishJob, signUpEmployer } from './lib/employer.mjs';
import { percentile } from './lib/measure.mjs';
import { freePort, startApiAndWorker } from './lib/server.mjs';
import { templateData } from '../apps/server/test/support/video-templates-support.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string' },
    'capacity-seconds': { type: 'string', default: '30' },
    'rss-warmup-minutes': { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const RSS_WARMUP_MINUTES = Number(args['rss-warmup-minutes'] ?? (MINUTES >= 6 ? 2 : 1));

if (!existsSync('apps/site/dist') || !existsSync('apps/web/dist')) {
  console.error('bench:soak needs the built site and app: run `npm run build` first');
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let stack;
try {
  const workerMetricsPort = await freePort();
  stack = await startApiAndWorker({ name: 'soak', env: { WORKER_METRICS_PORT: String(workerMetricsPort) } });
  const { base } = stack;
  // A 1 s 320x240 H.264/AAC clip: the candidate's recording (copied by the pipeline, decision 031).
  const clipFile = join(stack.dataDir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clipFile],
  ]);
  const clip = readFileSync(clipFile);
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
  const boss = await signUpEmployer(base, { company: 'Soak Coffee' });
  const headers = boss.headers;
  const job = await publishJob(base, boss, { isVideoOptional: true });
  const jobPath = job.path;
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

  // --- RSS of each process (API, worker) from /proc, with the worker's ffmpeg children apart.
  const procStatus = (pid, field) => {
    try {
      return (
        Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024
      );
    } catch {
      return Number.NaN;
    }
  };
  const rss = (pid) => procStatus(pid, 'VmRSS');
  const processes = { api: stack.api.pid, worker: stack.worker.pid };
  // --- what the RSS is made of: each process's V8 heap and external memory from its GET /metrics (prom-client's
  // nodejs_* gauges), read with the RSS, so a growth can be told apart: a heap that grows (objects kept) or
  // memory outside it (buffers, native libraries, the allocator).
  const metricsUrls = { api: `${base}/metrics`, worker: `http://127.0.0.1:${workerMetricsPort}/metrics` };
  const heapOf = async (name) => {
    try {
      const text = await (await fetch(metricsUrls[name])).text();
      const read = (metric) => Number(new RegExp(`^${metric} (\\S+)`, 'm').exec(text)?.[1]);
      return {
        used: read('nodejs_heap_size_used_bytes'),
        total: read('nodejs_heap_size_total_bytes'),
        external: read('nodejs_external_memory_bytes'),
      };
    } catch {
      return null;
    }
  };
  const heapNow = async () =>
    Object.fromEntries(await Promise.all(Object.keys(processes).map(async (n) => [n, await heapOf(n)])));
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
  // --- capacity: a closed loop of the mix, 8 in flight, while renders run one after another as in the soak
  // (a render keeps about one core busy: capacity measured without it is not the soak's capacity, and half of
  // it saturated the machine, measured 2026-11-28: p99 grew 3.8x over 10 minutes at 85 req/s).
  let rate = Number(args.rate);
  if (!rate) {
    const until = Date.now() + Number(args['capacity-seconds']) * 1000;
    let done = 0;
    const rendering = (async () => {
      while (Date.now() < until) await renderOnce();
    })();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          await READS[pick()]();
          done++;
        }
      }),
    );
    await rendering;
    const capacity = done / Number(args['capacity-seconds']);
    rate = Math.max(1, Math.round(capacity / 2));
    console.log(
      `capacity (closed loop, 8 in flight, renders running, ${args['capacity-seconds']} s): ${capacity.toFixed(1)} req/s`,
    );
  }
  console.log(`soak: ${MINUTES} min at ${rate} req/s (open loop) + one render at a time`);
  const rssNow = () => Object.fromEntries(Object.entries(processes).map(([n, pid]) => [n, rss(pid)]));
  const rssStart = rssNow();
  // The peak of each process over the soak: its RSS read once a second (a render's peak included).
  const rssPeak = { ...rssStart };
  const peakTimer = setInterval(() => {
    for (const [name, bytes] of Object.entries(rssNow())) if (bytes > rssPeak[name]) rssPeak[name] = bytes;
  }, 1000);
  const heapStart = await heapNow();
  let heapBase;
  // After each render (no render running): the RSS of each process, and the first one after the warm-up.
  const rssAfterRenders = [];
  let rssBase;

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
        const sample = { at: Date.now(), ...rssNow() };
        rssAfterRenders.push(sample);
        if (!rssBase && sample.at >= start + RSS_WARMUP_MINUTES * 60_000) {
          rssBase = sample;
          heapBase = await heapNow();
        }
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
  clearInterval(peakTimer);
  const rssEnd = rssNow();
  const rssHighWater = Object.fromEntries(
    Object.entries(processes).map(([n, pid]) => [n, procStatus(pid, 'VmHWM')]),
  );
  for (const name of Object.keys(processes)) rssPeak[name] = Math.max(rssPeak[name], rssEnd[name]);
  const heapEnd = await heapNow();
  rssBase ??= rssStart;
  heapBase ??= heapStart;

  // --- report.
  const pct = percentile;
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
  const rssGrowth = {};
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  const baseMinute = rssBase === rssStart ? 0 : (rssBase.at - start) / 60_000;
  const rendersInWarmup = rssAfterRenders.filter((r) => r.at < rssBase.at).length;
  for (const name of Object.keys(processes)) {
    const growth = ((rssEnd[name] - rssBase[name]) / rssBase[name]) * 100;
    const fromStart = ((rssEnd[name] - rssStart[name]) / rssStart[name]) * 100;
    console.log(
      `rss ${name}: start ${mb(rssStart[name])} MB, after the warm-up ${mb(rssBase[name])} MB, peak ${mb(rssPeak[name])} MB,` +
        ` end ${mb(rssEnd[name])} MB (${growth.toFixed(1)} % after the warm-up; ${fromStart.toFixed(1)} % from the start;` +
        ` high-water mark since the process started ${mb(rssHighWater[name])} MB)`,
    );
    console.log(`  after each render (MB): ${rssAfterRenders.map((r) => mb(r[name])).join(' ')}`);
    const heaps = [heapStart[name], heapBase[name], heapEnd[name]];
    if (heaps.every(Boolean)) {
      const row = (key) => heaps.map((h) => mb(h[key])).join(' → ');
      console.log(
        `  V8 heap used ${row('used')} MB, heap reserved ${row('total')} MB, external ${row('external')} MB` +
          ' (start → after the warm-up → end)',
      );
    }
    rssGrowth[name] = growth;
  }
  console.log(
    `rss baseline: after the warm-up, the first render ending after minute ${RSS_WARMUP_MINUTES} (at ${baseMinute.toFixed(1)} min,` +
      ` render ${rendersInWarmup + 1} of the run)`,
  );
  console.log(`worst p99 route: ${worst.route}`);
  console.log('');
  console.log(`errors: ${totalErrors}`);
  console.log(`p99 last minute / first minute: ${worst.ratio.toFixed(2)}`);
  console.log(`rss growth: api ${rssGrowth.api.toFixed(1)} %, worker ${rssGrowth.worker.toFixed(1)} %`);
  console.log(`api rss peak: ${(rssPeak.api / 1e6).toFixed(0)} MB`);
} finally {
  await stack?.stop();
}

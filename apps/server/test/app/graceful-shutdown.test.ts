import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb, type TDbHandle } from '@hirecast/db/client';
import { videoAssets } from '@hirecast/db/schema';
import { makeClip } from '../support/video-pipeline-support.ts';
import {
  freePort,
  freshDatabase,
  startProcess,
  waitReady,
  type TProcess,
} from '../support/multi-process-support.ts';
import { testConfig } from '../support/test-config.ts';
import { describeOnPostgres } from '../support/needs-postgres.ts';

// Issue 24 item 6: a deploy's SIGTERM loses nothing. Real processes (`node apps/server/src/main.ts`, `worker.ts`)
// on one fresh PostgreSQL database, sharing DATA_DIR (local storage and its tus folder, as processes on one
// machine do). An API process stopped mid-upload and mid-request stops accepting, finishes the request, and
// leaves the upload resumable on the other API; a worker stopped mid-transcode finishes its job within its grace,
// and one whose grace runs out hands the job back to the queue, where another worker completes it.
//
// "Mid-transcode" without timing: each worker's FFMPEG_PATH is the real ffmpeg behind a gate, a script that marks
// that it started and waits while its `.closed` file exists; the test opens it when it chooses.
const baseUrl = testConfig.databaseUrl;

const gate = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'ffmpeg');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      'touch "$0.started"',
      'while [ -e "$0.closed" ]; do sleep 0.05; done',
      'exec /usr/bin/ffmpeg "$@"',
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  writeFileSync(`${script}.closed`, '');
  return {
    path: script,
    started: () => existsSync(`${script}.started`),
    open: () => rmSync(`${script}.closed`, { force: true }),
    /** Closed again, as if no ffmpeg had passed it yet. */
    close: () => {
      writeFileSync(`${script}.closed`, '');
      rmSync(`${script}.started`, { force: true });
    },
  };
};

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
};

/** A request whose body the test sends in parts: the answer arrives through `answer`. */
function openRequest(port: number, method: string, path: string, headers: Record<string, string>) {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
    (resolve, reject) => {
      req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
    },
  );
  return { req, answer };
}

describeOnPostgres('SIGTERM loses nothing (API processes and workers on one PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: TDbHandle;
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-shutdown-'));
  const gates = Object.fromEntries(['w1', 'w2', 'w3'].map((w) => [w, gate(join(dataDir, 'gates', w))]));
  const processes: TProcess[] = [];
  let api1: TProcess;
  let api2: TProcess;
  let w1: TProcess;

  const env = (grace: number, ffmpeg = '/usr/bin/ffmpeg') => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    APP_SECRET: 'shutdown-test-secret-shutdown-test-secret',
    QUEUE_INPROCESS: 'false',
    SEED_DEMO: 'false',
    SEED_ONBOARDING: 'false',
    RATE_LIMIT_DISABLED: 'true',
    FFMPEG_PATH: ffmpeg,
    FFPROBE_PATH: '/usr/bin/ffprobe',
    SHUTDOWN_GRACE_MS: String(grace),
    // No address lookups here: a remote geocoder spares each process loading the offline gazetteer's index.
    GEOCODING_URL: 'http://127.0.0.1:9',
  });
  const start = (name: string, script: string, processEnv: Record<string, string>, port?: number) => {
    const p = startProcess(name, script, processEnv, port);
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    database = await freshDatabase(baseUrl!);
    const [port1, port2] = [await freePort(), await freePort()];
    api1 = start('api1', 'apps/server/src/main.ts', env(20_000), port1);
    api2 = start('api2', 'apps/server/src/main.ts', env(20_000), port2);
    // The only worker at first: it takes the first video. Its grace is long enough to finish the job.
    w1 = start('w1', 'apps/server/src/worker.ts', env(30_000, gates.w1!.path));
    await Promise.all([waitReady(api1), waitReady(api2)]);
    db = await createDb({ databaseUrl: database.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGKILL')));
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (
    port: number,
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null, text };
  };
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const assetRow = async (id: string) =>
    (await db.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0]!;
  // Playable with its poster: what the playable job makes (decision 039); processed: every thumbnail too (the
  // renditions job after it).
  const playable = (row: typeof videoAssets.$inferSelect) =>
    Boolean(row.data.videoMp4Url && row.data.videoMp4Url_720p && row.thumbnails.length > 0);
  const processed = (row: typeof videoAssets.$inferSelect) => playable(row) && row.thumbnails.length > 1;

  it('finishes requests and keeps uploads resumable on an API, and finishes or hands back jobs on a worker', async () => {
    const p1 = api1.port!;
    const p2 = api2.port!;
    const email = `owner-${Date.now()}@shutdown-test.com`;
    const signUp = await call(p2, 'POST', '/api/manager/signup/email', {
      body: { email, password: 'secret123', firstName: 'Grace', lastName: 'Period' },
    });
    expect(signUp.status, signUp.text).toBe(201);
    const token = signUp.json.data['access-token'] as string;
    const company = await call(p2, 'POST', '/api/company', {
      headers: { authorization: `Bearer ${token}` },
      body: {
        name: 'Graceful Ltd',
        industry: 'Technology',
        description: 'We stop without losing anything.',
        location: { city: 'London', country: 'United Kingdom' },
      },
    });
    expect(company.status, company.text).toBe(201);
    const auth = { authorization: `Bearer ${token}`, 'x-company-id': company.json.data._id as string };

    // In flight on api1 when SIGTERM comes: a request whose body has half arrived, and a tus PATCH half-sent.
    const jobBody = Buffer.from(
      JSON.stringify({
        title: 'Release Engineer',
        postHeading: 'Deploy without a trace',
        description: { ops: [{ insert: 'Ship it.\n' }] },
        location: { city: 'London', country: 'United Kingdom' },
      }),
    );
    const slow = openRequest(p1, 'POST', '/api/job', {
      ...auth,
      'content-type': 'application/json',
      'content-length': String(jobBody.length),
      'x-request-id': 'slow-request-during-shutdown',
    });
    slow.req.write(jobBody.subarray(0, 40));

    const clip = makeClip({ width: 320, height: 240, seconds: 2, audio: true });
    const half = Math.floor(clip.length / 2);
    const created = await call(p1, 'POST', '/api/uploads', {
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${b64('intro.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status, created.text).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, 'http://x').pathname;
    const uploadId = uploadPath.split('/').pop()!;
    const patch = openRequest(p1, 'PATCH', uploadPath, {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(clip.length),
    });
    patch.req.write(clip.subarray(0, half));
    const partFile = join(dataDir, 'uploads-tus', uploadId);
    await until('the first half on disk', () => existsSync(partFile) && statSync(partFile).size === half);
    await until('api1 to have started the slow request', () =>
      api1.output().includes('"reqId":"slow-request-during-shutdown"'),
    );

    const api1Exit = api1.stop('SIGTERM');
    // It stops accepting connections at once...
    await until('api1 to refuse new connections', () =>
      fetch(`http://127.0.0.1:${p1}/healthz`).then(
        () => false,
        () => true,
      ),
    );
    // ...ends the upload at the bytes it saved (the client resumes elsewhere)...
    const cut = await patch.answer;
    expect(cut.status).toBe(204);
    expect(Number(cut.headers['upload-offset'])).toBe(half);
    patch.req.destroy();
    // ...and still finishes the request in flight, then exits cleanly.
    slow.req.end(jobBody.subarray(40));
    const answered = await slow.answer;
    expect(answered.status, answered.body).toBe(201);
    const jobId = JSON.parse(answered.body).data._id as string;
    expect(await api1Exit).toBe(0);
    expect(api1.output()).not.toMatch(/"level":(50|60)/);
    expect((await call(p2, 'GET', `/api/job/${jobId}`, { headers: auth })).json.data.title).toBe(
      'Release Engineer',
    );

    // The upload resumes on api2 where api1 left it, and completes byte-identical.
    const head = await call(p2, 'HEAD', uploadPath, { headers: { ...auth, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const rest = await fetch(`http://127.0.0.1:${p2}${uploadPath}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      body: clip.subarray(half),
    });
    expect(rest.status).toBe(204);
    const asset = await call(p2, 'POST', '/api/asset', {
      headers: auth,
      body: { type: 0, title: 'Intro', fileName: 'intro.mp4', uploadId },
    });
    expect(asset.status, asset.text).toBe(201);
    const first = asset.json.data._id as string;
    const original = (await assetRow(first)).originalKey!;
    expect(Buffer.compare(readFileSync(join(dataDir, 'storage', original)), Buffer.from(clip))).toBe(0);

    // w1 reaches the transcode of the first video and is stopped there: it finishes the job within its grace.
    await until('w1 to start transcoding', () => gates.w1!.started());
    expect(processed(await assetRow(first))).toBe(false);
    const w1Exit = w1.stop('SIGTERM');
    await until('w1 to begin shutting down', () => w1.output().includes('worker shutting down'));
    // Two workers with a 1 s grace start meanwhile; w1 no longer takes jobs, they take the next one.
    const metricsPorts = { w2: await freePort(), w3: await freePort() };
    const w2 = start('w2', 'apps/server/src/worker.ts', {
      ...env(1_000, gates.w2!.path),
      WORKER_METRICS_PORT: String(metricsPorts.w2),
    });
    const w3 = start('w3', 'apps/server/src/worker.ts', {
      ...env(1_000, gates.w3!.path),
      WORKER_METRICS_PORT: String(metricsPorts.w3),
    });
    gates.w1!.open();
    expect(await w1Exit).toBe(0);
    expect(playable(await assetRow(first))).toBe(true);
    expect(w1.output()).not.toContain('handed back');
    // Its renditions job (the other thumbnails) is taken by w2 or w3: let it through, then close both gates again.
    // They are new processes: under the gate's load a worker took past 30 s to start (2026-12-06).
    await until(
      "w2 or w3 to take the first video's renditions",
      () => gates.w2!.started() || gates.w3!.started(),
      120_000,
    );
    gates.w2!.open();
    gates.w3!.open();
    await until('the first video to be processed', async () => processed(await assetRow(first)), 60_000);
    gates.w2!.close();
    gates.w3!.close();

    // The second video: whichever of w2 and w3 takes it is stopped mid-transcode, and its grace runs out.
    const second = makeClip({ width: 320, height: 240, seconds: 2, audio: false });
    const upload2 = await call(p2, 'POST', '/api/uploads', {
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(second.length),
        'upload-metadata': `filename ${b64('second.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    const upload2Path = new URL(upload2.headers.get('location')!, 'http://x').pathname;
    const sent = await fetch(`http://127.0.0.1:${p2}${upload2Path}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: second,
    });
    expect(sent.status).toBe(204);
    const asset2 = await call(p2, 'POST', '/api/asset', {
      headers: auth,
      body: { type: 0, title: 'Second', fileName: 'second.mp4', uploadId: upload2Path.split('/').pop() },
    });
    expect(asset2.status, asset2.text).toBe(201);
    const secondId = asset2.json.data._id as string;
    await until('w2 or w3 to start transcoding', () => gates.w2!.started() || gates.w3!.started());
    const [victim, survivor, survivorGate] = gates.w2!.started() ? [w2, w3, gates.w3!] : [w3, w2, gates.w2!];
    expect(await victim.stop('SIGTERM')).toBe(0);
    expect(victim.output()).toContain('job handed back to the queue at shutdown');
    expect(processed(await assetRow(secondId))).toBe(false);
    // The other worker retries it (the job was returned to the queue, not lost with the process).
    survivorGate.open();
    await until('the second video to be processed', async () => processed(await assetRow(secondId)), 60_000);
    expect(await assetRow(secondId)).toMatchObject({ status: 'prepared', statusReason: null });
    // The row is written before the worker logs it and before the queue marks the job done: wait for each,
    // in the order they happen, instead of reading them the moment the row is prepared.
    await until('the survivor to log the processed video', () =>
      /"attempt":2[^\n]*"msg":"video processed"/.test(survivor.output()),
    );
    // The survivor's own metrics (WORKER_METRICS_PORT) timed the transcode it ran, once the job completed.
    const metricsUrl = `http://127.0.0.1:${survivor === w2 ? metricsPorts.w2 : metricsPorts.w3}/metrics`;
    let exposition = '';
    await until('the survivor to count the completed transcode', async () => {
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      exposition = await scraped.text();
      return (
        /^hirecast_job_duration_seconds_count\{job="video\.process",outcome="completed"\} 1$/m.test(
          exposition,
        ) && /^hirecast_queue_depth\{job="video\.process"\} 0$/m.test(exposition)
      );
    });
    expect(exposition).toMatch(
      /^hirecast_job_duration_seconds_count\{job="video\.process",outcome="completed"\} 1$/m,
    );
    expect(exposition).toMatch(/^hirecast_queue_depth\{job="video\.process"\} 0$/m);
    for (const p of [api2, w1, victim, survivor]) expect(p.output(), p.name).not.toMatch(/"level":(50|60)/);
  }, 400_000);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb, type TDbHandle } from '@hirecast/db/client';
import { applications, users } from '@hirecast/db/schema';
import { tokenFromEmail } from '../support/accounts-support.ts';
import { makeClip } from '../support/video-pipeline-support.ts';
import { startS3rver, tusObjects } from '../support/s3rver-support.ts';
import {
  freePort,
  freshDatabase,
  startProcess,
  startProxy,
  waitReady,
  type TProcess,
} from '../support/multi-process-support.ts';
import { testConfig } from '../support/test-config.ts';
import { describeOnPostgres } from '../support/needs-postgres.ts';

// Issue 12 item 2 (decision 015): two API processes (QUEUE_INPROCESS=false) and one worker, real child processes
// on one fresh PostgreSQL database and one S3-compatible store (s3rver), behind a round-robin proxy. The core
// flow runs through the proxy; one API process is killed half-way and the flow goes on through the other.
// PGlite belongs to one process, so this needs PostgreSQL: CI sets DATABASE_URL.
const baseUrl = testConfig.databaseUrl;

describeOnPostgres('two API processes and a worker on one PostgreSQL and one S3 store', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: TDbHandle;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const processes: TProcess[] = [];
  let api1: TProcess;
  let api2: TProcess;

  beforeAll(async () => {
    [database, s3] = await Promise.all([freshDatabase(baseUrl!), startS3rver()]);
    const [port1, port2] = [await freePort(), await freePort()];
    proxy = await startProxy([
      { name: 'api1', port: port1 },
      { name: 'api2', port: port2 },
    ]);
    const env = (name: string) => ({
      ...s3.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), `hirecast-${name}-`)),
      PUBLIC_URL: proxy.url,
      QUEUE_INPROCESS: 'false',
      SEED_ONBOARDING: 'false',
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      FFPROBE_PATH: '/usr/bin/ffprobe',
      // No APP_SECRET: the processes share the one the first of them makes in the database.
      APP_SECRET: '',
    });
    // Both APIs start at once on the empty database: migrations and the demo seed must run once.
    api1 = startProcess('api1', 'apps/server/src/main.ts', env('api1'), port1);
    api2 = startProcess('api2', 'apps/server/src/main.ts', env('api2'), port2);
    const worker = startProcess('worker', 'apps/server/src/worker.ts', env('worker'));
    processes.push(api1, api2, worker);
    await Promise.all([waitReady(api1), waitReady(api2)]);
    db = await createDb({ databaseUrl: database.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGKILL')));
    await db?.close();
    await proxy?.close();
    await s3?.close();
    await database?.drop();
  });

  const call = async (
    method: string,
    path: string,
    options: { token?: string; companyId?: string; body?: unknown } = {},
  ) => {
    const res = await fetch(proxy.url + path, {
      method,
      headers: {
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.companyId && { 'x-company-id': options.companyId }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, text };
  };
  const expectStatus = (res: { status: number; text: string }, status: number) =>
    expect(res.status, res.text).toBe(status);

  const tus = (path: string, init: { method: string; headers: Record<string, string>; body?: Uint8Array }) =>
    fetch(proxy.url + path, { ...init, headers: { 'tus-resumable': '1.0.0', ...init.headers } });
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('runs the core flow through the proxy while processes take turns, and after one dies', async () => {
    // Migrations and the demo seed ran once although both APIs started together.
    expect(await db.db.select().from(users).where(eq(users.email, 'admin@demo.hirecast.io'))).toHaveLength(1);

    // Sign up, verify the address (publishing needs it), create a company, post and publish a job.
    const email = `owner-${Date.now()}@multi-process-test.com`;
    const signUp = await call('POST', '/api/manager/signup/email', {
      body: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expectStatus(signUp, 201);
    const token = signUp.json.data['access-token'] as string;
    const { token: verifyToken } = await tokenFromEmail(db.db, email, 'verify-token');
    expectStatus(
      await call('POST', '/api/manager/signup/email/verify', { body: { token: verifyToken } }),
      200,
    );
    const company = await call('POST', '/api/company', {
      token,
      body: {
        name: 'Multi Process Ltd',
        industry: 'Technology',
        description: 'We run on several processes.',
        location: { city: 'London', country: 'United Kingdom' },
      },
    });
    expectStatus(company, 201);
    const companyId = company.json.data._id as string;
    const auth = { token, companyId };
    const job = await call('POST', '/api/job', {
      ...auth,
      body: {
        title: 'Site Reliability Engineer',
        postHeading: 'Keep us up',
        description: { ops: [{ insert: 'Run the platform.\n' }] },
        location: { city: 'London', country: 'United Kingdom' },
      },
    });
    expectStatus(job, 201);
    const jobId = job.json.data._id as string;
    const published = await call('PATCH', `/api/job/${jobId}/status`, {
      ...auth,
      body: { status: 'open', acknowledged: { firstJob: true, redirectUrl: true } },
    });
    expectStatus(published, 200);
    const shortId = published.json.data.shortId as string;

    // A video uploaded in four tus chunks; the proxy alternates processes, so each takes a chunk.
    const clip = makeClip({ width: 320, height: 240, seconds: 2, audio: true });
    const cuts = [0, 1, 2, 3, 4].map((i) => Math.round((clip.length * i) / 4));
    const created = await tus('/api/uploads', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-company-id': companyId,
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${b64('intro.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, proxy.url).pathname;
    const patch = (i: number, offset = cuts[i]!) =>
      tus(uploadPath, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'x-company-id': companyId,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: clip.subarray(offset, cuts[i + 1]),
      });
    for (const i of [0, 1]) expect((await patch(i)).status).toBe(204);
    const patches = () => proxy.served.filter((s) => s.method === 'PATCH' && s.path === uploadPath);
    expect(new Set(patches().map((s) => s.target))).toEqual(new Set(['api1', 'api2']));

    // A limit reached through one process holds on the other: 25 wrong sign-ins for one address on api1,
    // the 26th on api2 is refused.
    const wrong = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/manager/signin/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    for (let i = 0; i < 25; i++) expect((await wrong(api1.port!)).status).toBe(401);
    expect((await wrong(api2.port!)).status).toBe(429);

    // api2 dies half-way through the upload. The client asks where to resume (HEAD) and goes on; every request
    // from now on is answered by api1.
    await api2.stop('SIGKILL');
    const answeredBefore = proxy.served.length;
    const head = await tus(uploadPath, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}`, 'x-company-id': companyId },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(cuts[2]);
    for (const i of [2, 3]) expect((await patch(i)).status).toBe(204);
    const asset = await call('POST', '/api/asset', {
      ...auth,
      body: { type: 0, title: 'Intro', fileName: 'intro.mp4', uploadId: uploadPath.split('/').pop() },
    });
    expectStatus(asset, 201);
    const assetId = asset.json.data._id as string;
    expect(await tusObjects(s3.options)).toEqual([]);

    // The worker processes it: playable (480p), then the 720p and the thumbnails.
    let video = asset.json.data;
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
      video = (await call('GET', `/api/asset/${assetId}`, auth)).json.data;
      if (video.data?.videoMp4Url_720p || video.status === 'error') break;
    }
    expect(video).toMatchObject({ status: 'prepared', dimension: 'landscape' });
    expect(video.data.videoMp4Url).toBeTruthy();
    expect(video.data.videoMp4Url_720p).toBeTruthy();

    // A candidate applies with a video uploaded through the public tus route, then the team changes the status.
    const candidateUpload = await tus('/api/public/uploads', {
      method: 'POST',
      headers: {
        'upload-length': String(clip.length),
        'upload-metadata': `job ${b64(shortId)},filename ${b64('me.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(candidateUpload.status).toBe(201);
    const candidatePath = new URL(candidateUpload.headers.get('location')!, proxy.url).pathname;
    const candidatePatch = await tus(candidatePath, {
      method: 'PATCH',
      headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: clip,
    });
    expect(candidatePatch.status).toBe(204);
    const applied = await call('POST', `/api/public/job/${shortId}/apply`, {
      body: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: `grace-${Date.now()}@example.org`,
        consent: true,
        video: { uploadId: candidatePath.split('/').pop() },
      },
    });
    expectStatus(applied, 201);
    const applicationId = applied.json.data.applicationId as string;
    const changed = await call('PATCH', `/api/job/${jobId}/application/${applicationId}/status`, {
      ...auth,
      body: { data: { status: 'shortlisted' } },
    });
    expectStatus(changed, 200);
    const [row] = await db.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'shortlisted' });
    expect(row!.videoAssetId).toBeTruthy();

    // After the kill, api1 answered everything; before it, both had their turns.
    expect(proxy.served.slice(answeredBefore).every((s) => s.target === 'api1')).toBe(true);
    expect(api1.child.exitCode).toBeNull();
    // Nothing went wrong on the way: no error logged by the surviving API or the worker.
    for (const p of [api1, processes[2]!]) expect(p.output(), p.name).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});

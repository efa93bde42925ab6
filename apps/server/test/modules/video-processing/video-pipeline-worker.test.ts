import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '@hirecast/db/test-database';
import { videoAssets } from '@hirecast/db/schema';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { createUploadedAsset, makeClip } from '../../support/video-pipeline-support.ts';
import { testConfig } from '../../support/test-config.ts';
import { describeOnPostgres } from '../../support/needs-postgres.ts';

// `npm run worker` as its own process on PostgreSQL: the API (QUEUE_INPROCESS=false) only sends; the worker
// processes the video and stops gracefully on SIGTERM. PGlite cannot be shared between processes.
const databaseUrl = testConfig.databaseUrl;

describeOnPostgres('npm run worker (PostgreSQL)', () => {
  const root = resolve(import.meta.dirname, '../../../../..');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hirecast-worker-')),
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    QUEUE_INPROCESS: 'false',
    // As every test app: without it the worker's renditions lane ran at niceness 19 behind the whole gate
    // (2026-12-06's CI: one thumbnail in 40 s).
    ...testConfig.videoEnv,
  };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
    app = await buildApp({ config: loadConfig(env), database });
    await app.ready();
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app?.close();
    await database?.close();
  });

  it('processes a video sent by the API and exits cleanly on SIGTERM', async () => {
    worker = spawn(join(root, 'node_modules/.bin/node'), ['apps/server/src/worker.ts'], {
      cwd: root,
      env: { ...testConfig.childEnv(), ...env, DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    worker.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((r) => worker!.on('exit', (code) => r(code)));

    const asset = await createUploadedAsset(
      database.db,
      app.ctx.storage,
      makeClip({ width: 320, height: 240, seconds: 1, audio: true }),
    );
    await app.ctx.queue.send('video.process', { assetId: asset.id });
    let row = asset;
    // The worker process starts, then processes: under the gate's load that took past 40 s.
    for (const end = Date.now() + 120_000; Date.now() < end;) {
      row = (await database.db.select().from(videoAssets).where(eq(videoAssets.id, asset.id)))[0]!;
      // Done: both renditions and every thumbnail (the first comes with the copy, the others in the renditions lane).
      if ((row.data.videoMp4Url_720p && row.thumbnails.length > 1) || row.status === 'error') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(row).toMatchObject({ status: 'prepared', dimension: 'landscape', width: 320, height: 240 });
    expect(row.thumbnails).toHaveLength(5);

    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 150_000);
});

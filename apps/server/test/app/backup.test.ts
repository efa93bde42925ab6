import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type TDbHandle } from '@hirecast/db/client';
import { loadConfig } from '../../src/config.ts';
import { BackupError, type TDatabaseTarget } from '../../src/lib/backup/database.ts';
import { configuredFileStore } from '../../src/lib/backup/file-stores.ts';
import { createBackup, restoreBackup } from '../../src/lib/backup/snapshot.ts';
import { s3ClientConfig } from '../../src/lib/storage/s3.ts';
import { allRows, playApplicantVideo, populate, signIn, storeDigest } from '../support/backup-support.ts';
import { buildTestApp, createTestApp } from '../support/helper.ts';
import { freshDatabase } from '../support/multi-process-support.ts';
import { startS3rver } from '../support/s3rver-support.ts';
import { testConfig } from '../support/test-config.ts';

// Issue 24 item 4: a populated installation backed up, restored elsewhere (another database or data folder,
// another storage folder or bucket), found the same row for row and byte for byte, and used: an admin signs
// in and plays an applicant's video on the restored copy. On PostgreSQL when DATABASE_URL is set (CI), else
// on the embedded database; with the local store and with S3 (s3rver).
const baseUrl = testConfig.databaseUrl;
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `hirecast-${name}-`));

let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(() => s3.close());

/** A new empty database (another PostgreSQL database, or another embedded data folder) to restore into. */
async function emptyTarget(dataDir: string) {
  if (!baseUrl) {
    const target: TDatabaseTarget = { kind: 'pglite', dataDir: join(dataDir, 'db') };
    return {
      target,
      open: () => createDb({ dataDir: target.dataDir }),
      drop: async () => {},
    };
  }
  const fresh = await freshDatabase(baseUrl);
  const target: TDatabaseTarget = { kind: 'postgres', url: fresh.url };
  return { target, open: () => createDb({ databaseUrl: fresh.url }), drop: fresh.drop };
}

/** Issue 33 item 10: every entry of a backup folder with its permission bits ("0600" for a file, "0700" a folder). */
function modesUnder(folder: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = statSync(path);
      modes[`${rel}${name}${st.isDirectory() ? '/' : ''}`] = (st.mode & 0o777).toString(8).padStart(4, '0');
      if (st.isDirectory()) walk(path, `${rel}${name}/`);
    }
  };
  modes['./'] = (statSync(folder).mode & 0o777).toString(8).padStart(4, '0');
  walk(folder, '');
  return modes;
}

async function newBucket() {
  const bucket = `restored-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const client = new S3Client(s3ClientConfig({ ...s3.options, bucket }));
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return { ...s3.env, S3_BUCKET: bucket };
}

describe.each(['local', 's3'] as const)('npm run backup and npm run restore (%s store)', (driver) => {
  it(
    'restores the same rows and byte-identical files elsewhere, where an admin signs in and plays a video',
    {
      timeout: 240_000,
    },
    async () => {
      const sourceDir = tmp('source');
      const source = await createTestApp({
        DATA_DIR: sourceDir,
        RATE_LIMIT_DISABLED: 'true',
        ...(driver === 's3' && s3.env),
      });
      const targetDir = tmp('target');
      const empty = await emptyTarget(targetDir);
      let restored: TDbHandle | undefined;
      let app: Awaited<ReturnType<typeof buildTestApp>>['app'] | undefined;
      try {
        const made = await populate(source.app, source.db);
        // The embedded installation's signing secret (DATA_DIR/app-secret) travels with its database.
        writeFileSync(join(sourceDir, 'app-secret'), 'b'.repeat(64));
        const folder = join(tmp('backup'), 'snapshot');
        const manifest = await createBackup({
          database: source.database,
          store: configuredFileStore(source.config),
          folder,
          dataDir: sourceDir,
        });
        expect(manifest).toMatchObject({ database: baseUrl ? 'postgres' : 'pglite', files: { count: 3 } });
        // Issue 33 item 10: the backup (every candidate's data, the signing secret) is its owner's alone, even
        // where the source's secret was readable by all.
        const modes = modesUnder(folder);
        expect(Object.keys(modes)).toEqual(
          expect.arrayContaining([
            './',
            'manifest.json',
            'files.json',
            'files/',
            ...(baseUrl ? [] : ['app-secret']),
          ]),
        );
        for (const [path, mode] of Object.entries(modes))
          expect({ path, mode }).toEqual({ path, mode: path.endsWith('/') ? '0700' : '0600' });

        const targetEnv = {
          DATA_DIR: targetDir,
          RATE_LIMIT_DISABLED: 'true',
          ...(driver === 's3' ? await newBucket() : {}),
        };
        const targetStore = configuredFileStore(loadConfig({ ...targetEnv, APP_SECRET: 'x'.repeat(40) }));
        await restoreBackup({ folder, target: empty.target, store: targetStore, dataDir: targetDir });

        restored = await empty.open();
        expect(await allRows(restored.db)).toEqual(await allRows(source.db));
        const files = await storeDigest(targetStore);
        expect(Object.keys(files)).toHaveLength(3);
        expect(files).toEqual(await storeDigest(configuredFileStore(source.config)));
        if (!baseUrl) expect(readFileSync(join(targetDir, 'app-secret'), 'utf8')).toBe('b'.repeat(64));

        // A second restore into the copy, now in use, is refused before it touches anything.
        await expect(
          restoreBackup({ folder, target: empty.target, store: targetStore, dataDir: targetDir }),
        ).rejects.toThrow(BackupError);

        // The smoke run: the restored copy starts (its migrations up to date), an admin signs in with the old
        // password, the old session still works, and the applicant's video plays, the same bytes.
        ({ app } = await buildTestApp(restored, targetEnv));
        const token = await signIn(app, made.admin.email, 'restore-me-123');
        for (const t of [token, made.token]) {
          const played = await playApplicantVideo(
            app,
            { token: t, companyId: made.company.id },
            made.applicant.id,
          );
          expect(played.status).toBe(200);
          expect(Buffer.compare(played.bytes, made.video)).toBe(0);
        }
      } finally {
        await app?.close();
        await restored?.close();
        await source.close();
        await empty.drop();
      }
    },
  );
});

describe('npm run restore refuses', () => {
  it(
    'a target database that is not empty, and a folder that is no finished backup, with a clear message',
    {
      timeout: 120_000,
    },
    async () => {
      const source = await createTestApp({ DATA_DIR: tmp('source') });
      try {
        const folder = join(tmp('backup'), 'snapshot');
        await createBackup({
          database: source.database,
          store: configuredFileStore(source.config),
          folder,
          dataDir: source.config.dataDir,
        });
        // The source itself: a database with tables, and a store.
        const busy: TDatabaseTarget = source.databaseUrl
          ? { kind: 'postgres', url: source.databaseUrl }
          : { kind: 'pglite', dataDir: source.config.dataDir };
        writeFileSync(join(source.config.dataDir, 'something'), 'x');
        await expect(
          restoreBackup({
            folder,
            target: busy,
            store: configuredFileStore({ storage: { ...source.config.storage, localDir: tmp('store') } }),
            dataDir: tmp('data'),
          }),
        ).rejects.toThrow(/is not empty.*restore needs an empty/);
        await expect(
          restoreBackup({
            folder: tmp('nothing'),
            target: busy,
            store: configuredFileStore(source.config),
            dataDir: tmp('data'),
          }),
        ).rejects.toThrow(/holds no complete Hirecast backup/);
      } finally {
        await source.close();
      }
    },
  );
});

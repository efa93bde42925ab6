import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TDbHandle } from '@hirecast/db/client';
import {
  assertEmptyDatabase,
  BackupError,
  dumpDatabase,
  restoreDatabase,
  type TDatabaseKind,
  type TDatabaseTarget,
  type TToolsPath,
} from './database.ts';
import type { TFileStore, TStoredFile } from './file-stores.ts';

// Issue 24 item 4: a backup is a folder —
//   manifest.json   written last: a folder without it is an unfinished backup, and restore refuses it
//   database.dump   pg_dump custom format (PostgreSQL), or database.tar (the embedded database's data folder)
//   files.json      every stored file: key, size, content type, sha256
//   files/<key>     the files' bytes
//   app-secret      the embedded installation's signing secret (DATA_DIR/app-secret), when there is one
// The database is dumped first, then the files are copied: every file the dump refers to was stored before
// the dump began, so it is in the copy unless it was deleted meanwhile (see README "Backup and restore").

export const BACKUP_FORMAT = 'hirecast-backup';
export type TManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: TDatabaseKind;
  files: { count: number; bytes: number };
  appSecret: boolean;
};
export type TFileEntry = TStoredFile & { sha256: string };
type TLog = (message: string) => void;

const COPIES_AT_ONCE = 4;

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: AsyncIterable<T> | T[], limit: number, fn: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = fn(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/** Where a stored file's bytes live in the backup folder (a key never leaves it). */
function backupPath(folder: string, key: string) {
  const base = resolve(folder, 'files');
  const file = resolve(base, key);
  if (!file.startsWith(base + sep)) throw new BackupError(`a stored file's key leaves the backup: ${key}`);
  return file;
}

/** Pipes `body` into `file`, answering the sha256 and size of what went through. */
async function copyHashing(body: Readable, file: string) {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await pipeline(body, tap, createWriteStream(file, { mode: 0o600 }));
  return { sha256: hash.digest('hex'), size };
}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function assertEmptyFolder(folder: string) {
  const entries = await readdir(folder).catch(() => []);
  if (entries.length > 0)
    throw new BackupError(`The backup folder ${folder} is not empty: name a new folder for each backup.`);
}

/**
 * Writes a snapshot of the installation (its database, every stored file and, on the embedded database, the
 * signing secret of DATA_DIR) into `folder`, which must be new or empty.
 */
export async function createBackup({
  database,
  store,
  folder,
  dataDir,
  path,
  log = () => {},
}: TToolsPath & {
  database: TDbHandle;
  store: TFileStore;
  folder: string;
  /** DATA_DIR: where the embedded installation keeps its signing secret. */
  dataDir: string;
  log?: TLog;
}): Promise<TManifest> {
  await assertEmptyFolder(folder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // A backup holds every candidate's data and the signing secret: its owner alone may read it (an existing
  // empty folder keeps the mode it had unless told).
  await chmod(folder, 0o700);
  const started = performance.now();
  const kind = await dumpDatabase(database, folder, { path });
  log(`database dumped (${kind}) in ${Math.round(performance.now() - started)} ms`);

  const entries: TFileEntry[] = [];
  let gone = 0;
  await eachLimited(store.list(), COPIES_AT_ONCE, async ({ key }) => {
    const found = await store.read(key);
    // Deleted since the listing (an asset removed while the backup ran): nothing refers to it any more.
    if (!found) return void gone++;
    const { sha256, size } = await copyHashing(found.body, backupPath(folder, key));
    entries.push({ key, size, contentType: found.contentType, sha256 });
  });
  entries.sort((a, b) => a.key.localeCompare(b.key));
  const bytes = entries.reduce((sum, e) => sum + e.size, 0);
  log(
    `${entries.length} files copied from ${store.describe} (${bytes} bytes)${gone ? `, ${gone} gone meanwhile` : ''}`,
  );
  await writeFile(join(folder, 'files.json'), JSON.stringify(entries), { mode: 0o600 });

  const appSecret =
    kind === 'pglite' &&
    (await copyFile(join(dataDir, 'app-secret'), join(folder, 'app-secret')).then(
      // copyFile keeps the source's mode, which may be wider.
      () => chmod(join(folder, 'app-secret'), 0o600).then(() => true),
      () => false,
    ));
  const manifest: TManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    database: kind,
    files: { count: entries.length, bytes },
    appSecret,
  };
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

export async function readManifest(folder: string): Promise<TManifest> {
  let manifest: Partial<TManifest>;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Partial<TManifest>;
  } catch {
    throw new BackupError(
      `${folder} holds no complete Hirecast backup (no manifest.json: the backup did not finish, or this is ` +
        'another folder).',
    );
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new BackupError(`${folder}/manifest.json is not a Hirecast backup this release can read.`);
  return manifest as TManifest;
}

/**
 * Brings the backup of `folder` back into an empty database and an empty store; refuses (BackupError) when
 * either holds anything, or when a file of the backup is not the one backed up.
 */
export async function restoreBackup({
  folder,
  target,
  store,
  dataDir,
  path,
  log = () => {},
}: TToolsPath & {
  folder: string;
  target: TDatabaseTarget;
  store: TFileStore;
  dataDir: string;
  log?: TLog;
}): Promise<TManifest> {
  const manifest = await readManifest(folder);
  await assertEmptyDatabase(target);
  if (!(await store.isEmpty()))
    throw new BackupError(
      `${store.describe} is not empty: restore needs an empty store. Point the storage settings at a new ` +
        'folder or bucket, or empty this one first.',
    );
  const entries = JSON.parse(await readFile(join(folder, 'files.json'), 'utf8')) as TFileEntry[];
  // Every file checked before anything is written: a damaged backup leaves the target untouched.
  await eachLimited(entries, COPIES_AT_ONCE, async (entry) => {
    const actual = await sha256Of(backupPath(folder, entry.key)).catch(() => 'missing');
    if (actual !== entry.sha256)
      throw new BackupError(
        `The backup's copy of ${entry.key} is damaged or missing: this backup cannot be restored.`,
      );
  });

  let started = performance.now();
  await restoreDatabase(manifest.database, folder, target, { path });
  log(`database restored (${manifest.database}) in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await eachLimited(entries, COPIES_AT_ONCE, (entry) =>
    store.write({ ...entry, file: backupPath(folder, entry.key) }),
  );
  log(
    `${entries.length} files restored to ${store.describe} in ${Math.round(performance.now() - started)} ms`,
  );
  if (manifest.appSecret && target.kind === 'pglite') {
    await mkdir(dataDir, { recursive: true });
    await copyFile(join(folder, 'app-secret'), join(dataDir, 'app-secret'));
  }
  return manifest;
}

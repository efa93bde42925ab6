import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDb } from '@hirecast/db/client';
import { loadConfig } from './config.ts';
import { BackupError } from './lib/backup/database.ts';
import { configuredFileStore } from './lib/backup/file-stores.ts';
import { createBackup } from './lib/backup/snapshot.ts';

// `npm run backup [-- <folder>]`: a snapshot of the configured installation (database and every stored file)
// into a new folder, by default ./backups/hirecast-<time>. README.md "Backup and restore".
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = resolve(process.argv[2] ?? join('backups', `hirecast-${stamp}`));
const dbDir = join(config.dataDir, 'db');
try {
  // The embedded database belongs to the one process that opened it: a second one would read it half-written.
  if (!config.databaseUrl && existsSync(join(dbDir, 'postmaster.pid')))
    throw new BackupError(
      `The embedded database (${dbDir}) is open: stop Hirecast before backing it up. If it is not running, ` +
        'it was not stopped cleanly: start it and stop it once (Ctrl+C), then run the backup again.',
    );
  const database = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : dbDir,
  });
  try {
    const manifest = await createBackup({
      database,
      store: configuredFileStore(config),
      folder,
      dataDir: config.dataDir,
      path: config.video.searchPath,
      log: (line) => console.log(line),
    });
    console.log(`backup written to ${folder} (${manifest.files.count} files, ${manifest.files.bytes} bytes)`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}

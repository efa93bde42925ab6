import { join, resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { BackupError } from './lib/backup/database.ts';
import { configuredFileStore } from './lib/backup/file-stores.ts';
import { restoreBackup } from './lib/backup/snapshot.ts';

// `npm run restore -- <folder>`: brings a backup of `npm run backup` back into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and store, both of which must be empty.
const config = loadConfig();
const given = process.argv[2];
if (!given) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const folder = resolve(given);
try {
  const started = performance.now();
  const manifest = await restoreBackup({
    folder,
    target: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
    store: configuredFileStore(config),
    dataDir: config.dataDir,
    path: config.video.searchPath,
    log: (line) => console.log(line),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `restored the backup of ${manifest.createdAt} (${manifest.files.count} files, ${manifest.files.bytes} bytes) ` +
      `in ${seconds.toFixed(1)} s; start Hirecast (it applies any newer migrations)`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}

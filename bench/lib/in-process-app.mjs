import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@hirecast/db/client';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createBenchDatabase } from './database.mjs';

// Shared by the benchmarks that call the API in process (app.inject: routing, auth, tenancy, validation, the
// queries, serialising, without a socket): the app in production mode over a fresh, migrated PostgreSQL
// database, with no rate limits and no jobs run.

/** The app, its database and data folder; `close({ keep })` closes them and drops the database (unless kept). */
export async function startInProcessApp({ name }) {
  const benchDb = await createBenchDatabase(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-'));
  let database;
  let app;
  const close = async ({ keep = false } = {}) => {
    await app?.close();
    await database?.close();
    if (keep) console.log(`kept database ${benchDb.name}`);
    else await benchDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await createDb({ databaseUrl: benchDb.url });
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      PUBLIC_URL: 'http://localhost:3000',
      QUEUE_INPROCESS: 'false',
      RATE_LIMIT_DISABLED: 'true',
    });
    app = await buildApp({ config, database });
    await app.ready();
  } catch (err) {
    await close();
    throw err;
  }
  return { app, database, databaseUrl: benchDb.url, close };
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDbHandle } from '@hirecast/db/client';
import { createTestDatabase } from '@hirecast/db/test-database';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { testConfig } from './test-config.ts';

type TLogStream = { write: (line: string) => void };

// A fresh app on a fresh database for one test file (real PostgreSQL when DATABASE_URL is set, as in CI;
// in-memory PGlite otherwise). Call `close` in afterAll. `sharing` builds a second app (other settings) on
// the database of a first one, which stays open when the second closes.
export async function createTestApp(
  env: Record<string, string> = {},
  { logStream, sharing }: { logStream?: TLogStream; sharing?: { database: TDbHandle } } = {},
) {
  const database = sharing?.database ?? (await createTestDatabase(testConfig.databaseUrl));
  const { app, config } = await buildTestApp(database, env, { logStream });
  return {
    app,
    db: database.db,
    database,
    /** The test database's URL on PostgreSQL (undefined on PGlite): a second connection pool plays another process. */
    databaseUrl: database.url,
    config,
    close: async () => {
      await app.close();
      if (!sharing) await database.close();
    },
  };
}

/** An app on a given database (several apps on one database stand for several API processes). */
export async function buildTestApp(
  database: TDbHandle,
  env: Record<string, string> = {},
  { logStream }: { logStream?: TLogStream } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests that need jobs processed in the background ask for it; the rest only send.
    QUEUE_INPROCESS: 'false',
    ...testConfig.videoEnv,
    ...env,
  });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return { app, config };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

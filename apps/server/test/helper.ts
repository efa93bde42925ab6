import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@hirecast/db/test-database';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

// A fresh app on a fresh database for one test file (real PostgreSQL when DATABASE_URL is set, as in CI;
// in-memory PGlite otherwise). Call `close` in afterAll.
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests that need jobs processed in the background ask for it; the rest only send.
    QUEUE_INPROCESS: 'false',
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    /** The test database's URL on PostgreSQL (undefined on PGlite): a second connection pool plays another process. */
    databaseUrl: database.url,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

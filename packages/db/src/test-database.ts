import { randomBytes } from 'node:crypto';
import { createDb, type TDbHandle } from './client.ts';

// A fresh, migrated database for one test file: a new database on the PostgreSQL server when a URL is
// given (CI), otherwise an in-memory PGlite.
export async function createTestDatabase(databaseUrl?: string): Promise<TDbHandle & { url?: string }> {
  if (!databaseUrl) {
    const handle = await createDb({});
    await handle.migrate();
    return handle;
  }
  const { default: pg } = await import('pg');
  const name = `hc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const drop = new pg.Client({ connectionString: databaseUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

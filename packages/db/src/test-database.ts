import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from 'pg';
import { createDb, type TDbHandle } from './client.ts';

// A fresh, migrated database for one test file: a new database on the PostgreSQL server when a URL is
// given (CI), otherwise an in-memory PGlite. On PostgreSQL the migrations run once into a template database
// named after a hash of the migration files; each test file's database is a copy of it (CREATE DATABASE …
// TEMPLATE), which takes a fraction of the time the migrations take.
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(`${migrationsFolder}/${file}`));
  }
  return `hc_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Makes the migrated template once per set of migrations; concurrent test workers wait on an advisory lock. */
async function ensureTemplate(admin: Client, databaseUrl: string): Promise<string> {
  const name = templateName();
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_building_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${building}`;
      const handle = await createDb({ databaseUrl: url.toString() });
      await handle.migrate();
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

/**
 * A new empty database (nothing migrated: the processes under test, or a bench's server, migrate it) on the
 * PostgreSQL server of `serverUrl`, named `<prefix>_<random>`: its URL, and `drop()` (which ends its
 * connections).
 */
export async function createEmptyDatabase(serverUrl: string, prefix = 'hc_test') {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

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
  const template = await ensureTemplate(admin, databaseUrl);
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
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

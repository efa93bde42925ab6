import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema.ts';

export type TDb = NodePgDatabase<typeof schema>;
export type TDbHandle = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (postgres only): the job queue opens its own connections with it. */
  url?: string;
  /** The raw PGlite instance (embedded only): the job queue runs on it in-process. */
  pglite?: PGlite;
  ping: () => Promise<void>;
  migrate: () => Promise<void>;
  /**
   * Runs `fn` while no other process runs a function of the same `name` on this database (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite belongs to one process, so it just runs).
   * Start-up work that several processes would otherwise race (migrations, seeds) goes through it.
   */
  exclusive: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// One factory for both databases of ARCHITECTURE.md: PGlite in a folder (embedded default, or in memory
// when dataDir is omitted) and PostgreSQL when a URL is given. Both expose the same Drizzle API.
export async function createDb(options: { databaseUrl?: string; dataDir?: string }): Promise<TDbHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose server connection ends (a restart, or a test database dropped after its
    // tests) emits 'error'; the pool replaces it, so log nothing and do not crash the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema, casing: 'snake_case' });
    const exclusive = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      // Not from the pool: the lock lives as long as this session, and ending it releases the lock even when
      // the process dies half-way.
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [`hirecast:${name}`]);
        return await fn();
      } finally {
        await client.end();
      }
    };
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      ping: async () => void (await db.execute(sql`select 1`)),
      // Two processes starting on a fresh database would both apply the same migrations.
      migrate: () => exclusive('migrate', () => migrate(db, { migrationsFolder })),
      exclusive,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The applicants search index is a trigram index (migration 0006); PGlite loads contrib extensions on demand.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  return {
    // The query builder API is the same; only the driver-level result type differs.
    db: db as unknown as TDb,
    kind: 'pglite',
    pglite: client,
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: () => migrate(db, { migrationsFolder }),
    exclusive: (_name, fn) => fn(),
    close: () => client.close(),
  };
}

import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type TPg from 'pg';
import * as schema from './schema.ts';

export type TDb = NodePgDatabase<typeof schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The channel of migration 0010's triggers: every change of a session, a user or a membership. */
export const AUTH_CHANNEL = 'hirecast_auth';
export type TAuthChangeListener = {
  /** A session, the user or a membership of this user changed (its transaction has committed). */
  onChange: (userId: string) => void;
  /** Whether changes are being delivered: false before the listening connection is up and after it drops. */
  onLive: (live: boolean) => void;
};
/**
 * Changes to sign-ins, as migration 0010's triggers announce them. A change this process commits through `db`
 * reaches the listeners before the query that made it returns (PostgreSQL sends a connection's own
 * notifications before it reports the commit, and PGlite queues them before it answers); other processes'
 * changes arrive as the server delivers them, a moment after their commit.
 */
export type TAuthChanges = { subscribe: (listener: TAuthChangeListener) => () => void };

export type TDbHandle = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (postgres only): the job queue opens its own connections with it. */
  url?: string;
  /** The raw PGlite instance (embedded only): the job queue runs on it in-process. */
  pglite?: PGlite;
  authChanges: TAuthChanges;
  ping: () => Promise<void>;
  /**
   * Applies the committed migrations not applied yet and answers their names (e.g. '0017_legacy_plans'), in
   * order; an empty list when the database was up to date. `folder` (tests) applies another set of files.
   */
  migrate: (folder?: string) => Promise<string[]>;
  /**
   * Runs `fn` while no other process runs a function of the same `name` on this database (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite belongs to one process, so it just runs).
   * Start-up work that several processes would otherwise race (migrations, seeds) goes through it.
   */
  exclusive: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  /** The connection pool's use right now (PostgreSQL only; PGlite has one in-process connection). */
  poolStats?: () => TPoolStats;
  close: () => Promise<void>;
};
export type TPoolStats = { max: number; total: number; idle: number; waiting: number };

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * The migrations of `folder` that Drizzle's migrator is about to apply: like it, those whose journal time is
 * after the last one recorded in drizzle.__drizzle_migrations (all of them on an empty database).
 */
async function pendingMigrations(db: { execute: TDb['execute'] }, folder: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  // Two statements: the table may not exist yet, and a query naming it would not even parse then.
  const { rows: found } = await db.execute<{ table: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  let last: number | null = null;
  if (found[0]?.table) {
    const { rows } = await db.execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    last = rows[0]?.last == null ? null : Number(rows[0].last);
  }
  return journal.entries.filter((e) => last === null || e.when > last).map((e) => e.tag);
}

// One factory for both databases of ARCHITECTURE.md: PGlite in a folder (embedded default, or in memory
// when dataDir is omitted) and PostgreSQL when a URL is given. Both expose the same Drizzle API.
export async function createDb(options: { databaseUrl?: string; dataDir?: string }): Promise<TDbHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const authChanges = postgresAuthChanges(pg, options.databaseUrl);
    const poolMax = 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolMax,
      // Each connection listens before it is first handed out (see TAuthChanges).
      onConnect: (client) => authChanges.listenOn(client),
    });
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
      authChanges,
      ping: async () => void (await db.execute(sql`select 1`)),
      // Two processes starting on a fresh database would both apply the same migrations.
      migrate: (folder = migrationsFolder) =>
        exclusive('migrate', async () => {
          const pending = await pendingMigrations(db, folder);
          await migrate(db, { migrationsFolder: folder });
          return pending;
        }),
      exclusive,
      poolStats: () => ({
        max: poolMax,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await authChanges.close();
        await pool.end();
      },
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
    authChanges: {
      subscribe: (listener) => {
        let unlisten: (() => Promise<void>) | undefined;
        let stopped = false;
        void client
          .listen(AUTH_CHANNEL, (userId) => listener.onChange(userId))
          .then((stop) => {
            unlisten = stop;
            if (stopped) void stop();
            else listener.onLive(true);
          });
        return () => {
          stopped = true;
          void unlisten?.();
        };
      },
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: async (folder = migrationsFolder) => {
      const pending = await pendingMigrations(db as unknown as TDb, folder);
      await migrate(db, { migrationsFolder: folder });
      return pending;
    },
    exclusive: (_name, fn) => fn(),
    close: () => client.close(),
  };
}

type TPgClient = TPg.Client;

/**
 * Every pooled connection listens (so this process hears its own changes before their query returns), and one
 * connection of its own listens all the time (pooled ones close when idle, and a process that answers from its
 * caches may use none for a while). While that one is down, the listeners are told changes are not live.
 */
function postgresAuthChanges(pg: typeof TPg, url: string) {
  const listeners = new Set<TAuthChangeListener>();
  let live = false;
  let listener: TPgClient | null = null;
  let starting = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    for (const l of listeners) l.onLive(value);
  };
  const deliver = (message: { channel: string; payload?: string }) => {
    if (message.channel !== AUTH_CHANNEL || !message.payload) return;
    for (const l of listeners) l.onChange(message.payload);
  };
  const listenOn = async (client: TPg.ClientBase) => {
    client.on('notification', deliver);
    await client.query(`listen ${AUTH_CHANNEL}`);
  };
  const start = async () => {
    if (closed || starting || listener) return;
    starting = true;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    client.on('end', () => {
      if (listener !== client) return;
      listener = null;
      setLive(false);
      if (!closed) retry = setTimeout(() => void start(), 1_000);
    });
    try {
      await client.connect();
      await listenOn(client);
      if (closed) await client.end();
      else {
        listener = client;
        setLive(true);
      }
    } catch {
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void start(), 1_000);
    } finally {
      starting = false;
    }
  };
  return {
    listenOn,
    subscribe: (l: TAuthChangeListener) => {
      listeners.add(l);
      if (live) l.onLive(true);
      else void start();
      return () => void listeners.delete(l);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      setLive(false);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

import { spawn } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TDbHandle } from '@hirecast/db/client';

/** A failure an operator can act on: its message is the whole story (the scripts print it and exit 1). */
export class BackupError extends Error {}

export type TDatabaseKind = 'postgres' | 'pglite';
export const DATABASE_FILES: Record<TDatabaseKind, string> = {
  // pg_dump's custom format: compressed, restored by pg_restore in any order it needs.
  postgres: 'database.dump',
  // PGlite's own data folder as a tar (dumpDataDir), loaded back with loadDataDir.
  pglite: 'database.tar',
};

/** Where a restore puts the database: the configured PostgreSQL database, or the embedded data folder. */
export type TDatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

// The password travels in the environment, not on a command line every user of the machine can read.
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { dbname: parsed.toString(), env };
}

// The PostgreSQL client tools run with PATH from the configuration (config.video.searchPath, the server's own
// PATH) and nothing else of the environment but the password.
const FALLBACK_PATH = '/usr/local/bin:/usr/bin:/bin';
export type TToolsPath = { path?: string };

function run(
  command: string,
  args: string[],
  { path, ...env }: Record<string, string> & TToolsPath,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: path || FALLBACK_PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on PATH: install the PostgreSQL client tools of your server's major ` +
                'version (Debian: apt-get install postgresql-client).',
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/**
 * PGlite's dump and load wait on work that holds no handle of Node's event loop: a script whose only work
 * that is (npm run backup) would end in the middle ("unsettled top-level await") without a timer of its own.
 */
async function keepingAlive<T>(fn: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {}, 1_000);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

const majorOf = (versionText: string) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? NaN);

/** pg_dump refuses (or worse, misreads) a server newer than itself: say so before starting. */
async function checkClientVersion(tool: 'pg_dump', handle: TDbHandle, tools: TToolsPath) {
  const client = majorOf(await run(tool, ['--version'], tools));
  const { rows } = await handle.db.execute<{ v: string }>(
    sql`select current_setting('server_version_num') as v`,
  );
  const server = Math.floor(Number(rows[0]?.v) / 10_000);
  if (client < server)
    throw new BackupError(
      `${tool} ${client} is older than the PostgreSQL server (${server}): install postgresql-client-${server} ` +
        'and put its bin folder first on PATH.',
    );
}

/** Writes the database's snapshot into `folder`: pg_dump on PostgreSQL (one consistent transaction), dumpDataDir on PGlite. */
export async function dumpDatabase(
  handle: TDbHandle,
  folder: string,
  tools: TToolsPath = {},
): Promise<TDatabaseKind> {
  const file = join(folder, DATABASE_FILES[handle.kind]);
  if (handle.kind === 'postgres') {
    await checkClientVersion('pg_dump', handle, tools);
    const { dbname, env } = connection(handle.url!);
    await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], { ...tools, ...env });
    // pg_dump creates its file by the umask (often readable by everyone): the owner's only, as the rest.
    await chmod(file, 0o600);
  } else {
    // PGlite answers one query at a time, so the dump sees the database between two of them.
    const pglite = handle.pglite!;
    const tar = await keepingAlive(async () => {
      // dumpDataDir does not wait for a database still opening (it never answers then).
      await pglite.waitReady;
      return pglite.dumpDataDir('none');
    });
    await writeFile(file, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
  }
  return handle.kind;
}

/** Refuses a target that already holds data: a restore never mixes two installations. */
export async function assertEmptyDatabase(target: TDatabaseTarget) {
  if (target.kind === 'pglite') {
    const entries = await readdir(target.dataDir).catch(() => []);
    if (entries.length > 0)
      throw new BackupError(
        `The embedded database folder ${target.dataDir} is not empty: restore needs an empty one. Move it ` +
          'away (or point DATA_DIR at a new folder) and run the restore again.',
      );
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables = Number(rows[0]?.n ?? 0);
    if (tables > 0)
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${tables} tables): restore needs an empty database. ` +
          'Create a new one (createdb) and point DATABASE_URL at it, or drop this one first.',
      );
  } finally {
    await client.end();
  }
}

/** Loads the snapshot of `folder` into the (empty) target. */
export async function restoreDatabase(
  kind: TDatabaseKind,
  folder: string,
  target: TDatabaseTarget,
  tools: TToolsPath = {},
) {
  if (kind !== target.kind)
    throw new BackupError(
      kind === 'pglite'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL.'
        : 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database.',
    );
  const file = join(folder, DATABASE_FILES[kind]);
  if (target.kind === 'postgres') {
    const { dbname, env } = connection(target.url);
    // One transaction: a restore that fails half-way leaves the database empty, ready for another try.
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        file,
      ],
      { ...tools, ...env },
    );
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite({
    dataDir: target.dataDir,
    loadDataDir: new Blob([await readFile(file)]),
    extensions: { pg_trgm },
  });
  await keepingAlive(async () => {
    await db.waitReady;
    await db.close();
  });
}

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { appSecrets } from '@hirecast/db/schema';
import type { TConfig } from '../config.ts';

/**
 * The HMAC secret of signed URLs when APP_SECRET is not set on PostgreSQL (decision 015): made once by the
 * first process and read by every other, so URLs signed by one process verify on any (a secret generated
 * into each machine's DATA_DIR would not). The embedded database keeps it in DATA_DIR (config.ts).
 * `candidate` is the value stored when the database has none yet (a new random one by default).
 */
export async function databaseAppSecret(
  db: TDb,
  candidate = randomBytes(32).toString('hex'),
): Promise<string> {
  await db.insert(appSecrets).values({ name: 'app', value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'app'));
  if (!row) throw new Error('the app secret could not be read back from the database');
  return row.value;
}

/** The secret a release before decision 015 generated into DATA_DIR (config.ts keeps it there on PGlite). */
async function dataDirSecret(dataDir: string): Promise<string | undefined> {
  try {
    const value = (await readFile(join(dataDir, 'app-secret'), 'utf8')).trim();
    return value.length >= 32 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fills config.secret from the database when the configuration left it to it; call before using the config.
 * Issue 24 item 8: an installation upgraded from a release that kept the secret in DATA_DIR carries that one
 * into the database (when the database has none yet), so links signed before the upgrade still verify.
 */
export async function resolveAppSecret(config: TConfig, db: TDb) {
  if (!config.secret) config.secret = await databaseAppSecret(db, await dataDirSecret(config.dataDir));
}

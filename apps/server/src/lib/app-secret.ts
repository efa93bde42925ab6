import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { appSecrets } from '@hirecast/db/schema';
import type { TConfig } from '../config.ts';

/**
 * The HMAC secret of signed URLs when APP_SECRET is not set on PostgreSQL (decision 015): made once by the
 * first process and read by every other, so URLs signed by one process verify on any (a secret generated
 * into each machine's DATA_DIR would not). The embedded database keeps it in DATA_DIR (config.ts).
 */
export async function databaseAppSecret(db: TDb): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: 'app', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'app'));
  if (!row) throw new Error('the app secret could not be read back from the database');
  return row.value;
}

/** Fills config.secret from the database when the configuration left it to it; call before using the config. */
export async function resolveAppSecret(config: TConfig, db: TDb) {
  if (!config.secret) config.secret = await databaseAppSecret(db);
}

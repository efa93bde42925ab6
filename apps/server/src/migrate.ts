import { createDb } from '@hirecast/db/client';
import { loadConfig } from './config.ts';

// `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL (or the embedded database).
const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
const applied = await database.migrate();
await database.close();
for (const migration of applied) console.log(`applied migration ${migration}`);
console.log(
  applied.length
    ? `${applied.length} migration(s) applied (${database.kind})`
    : `the database is up to date, no migration to apply (${database.kind})`,
);

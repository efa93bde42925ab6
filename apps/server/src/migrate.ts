import { createDb } from '@hirecast/db/client';
import { loadConfig } from './config.ts';

// `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL (or the embedded database).
const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { createDb } from '@hirecast/db/client';
import { replacePlanCatalogue, seedPlanCatalogue } from '@hirecast/db/plan-catalogue';
import { ZPlanFeature, ZPlanProduct } from '@hirecast/domain/billing';
import { loadConfig } from './config.ts';
import { readCatalogue } from './modules/billing/index.ts';

// `npm run plans:catalogue -- export > plans.json` prints the catalogue /plans offers;
// `npm run plans:catalogue -- import plans.json` replaces it (products left out stay for their subscribers
// but are no longer offered). The file is checked before anything changes.
const ZCatalogueFile = z
  .object({ products: z.array(ZPlanProduct).min(1), features: z.array(ZPlanFeature) })
  .superRefine((c, ctx) => {
    const ids = new Set(c.products.map((p) => p.id));
    if (ids.size !== c.products.length)
      ctx.addIssue({ code: 'custom', message: 'Product ids must be unique' });
    if (new Set(c.products.map((p) => p.priceId)).size !== c.products.length) {
      ctx.addIssue({ code: 'custom', message: 'Price ids must be unique' });
    }
    for (const f of c.features) {
      const unknown = f.plans.filter((id) => !ids.has(id));
      if (unknown.length)
        ctx.addIssue({ code: 'custom', message: `${f.name}: unknown plans ${unknown.join(', ')}` });
    }
  });

const [command, file] = process.argv.slice(2);
if (command !== 'export' && !(command === 'import' && file)) {
  console.error('usage: npm run plans:catalogue -- export | import <file.json>');
  process.exit(2);
}
const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
// As the server does at start: a fresh install has the default catalogue.
await seedPlanCatalogue(database.db);
try {
  if (command === 'export') {
    console.log(JSON.stringify(await readCatalogue(database.db), null, 2));
  } else {
    const parsed = ZCatalogueFile.safeParse(JSON.parse(readFileSync(file!, 'utf8')));
    if (!parsed.success) {
      console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
      process.exitCode = 1;
    } else {
      const { products, features } = parsed.data;
      await replacePlanCatalogue(database.db, {
        products: products.map((p, position) => ({ ...p, position })),
        features,
      });
      console.log(`plan catalogue replaced: ${products.length} products, ${features.length} features`);
    }
  }
} finally {
  await database.close();
}

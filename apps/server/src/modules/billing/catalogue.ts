import { asc, eq } from 'drizzle-orm';
import { planFeatures, planProducts } from '@hirecast/db/schema';
import type { TBillingFeatures, TPlanProduct } from '@hirecast/domain/billing';
import type { TDb, TTx } from '@hirecast/db/client';

type TDbLike = TDb | TTx;

const present = (row: typeof planProducts.$inferSelect): TPlanProduct => ({
  id: row.id,
  priceId: row.priceId,
  name: row.name,
  description: row.description,
  borderColor: row.borderColor,
  prices: row.prices,
  allows: row.allows,
});

/** Every product, offered or not (a subscription may point at one no longer offered). */
export async function listProducts(db: TDbLike): Promise<TPlanProduct[]> {
  const rows = await db.select().from(planProducts).orderBy(asc(planProducts.position), asc(planProducts.id));
  return rows.map(present);
}

// spec 2 §7 GET /billing/features: the products on offer and the features table.
export async function readCatalogue(db: TDbLike): Promise<TBillingFeatures> {
  const products = await db
    .select()
    .from(planProducts)
    .where(eq(planProducts.offered, true))
    .orderBy(asc(planProducts.position), asc(planProducts.id));
  const features = await db.select().from(planFeatures).orderBy(asc(planFeatures.position));
  return {
    products: products.map(present),
    features: features.map((f) => ({
      category: f.category,
      name: f.name,
      description: f.description,
      plans: f.plans,
      comingSoon: f.comingSoon,
      actionContent: f.actionContent,
    })),
  };
}

export async function findProductByPrice(db: TDbLike, priceId: string) {
  const [row] = await db.select().from(planProducts).where(eq(planProducts.priceId, priceId)).limit(1);
  return row ? { ...present(row), offered: row.offered } : null;
}

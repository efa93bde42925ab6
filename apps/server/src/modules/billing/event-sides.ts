import { eq } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import { users, type TPlanChangeSide } from '@hirecast/db/schema';
import { isGranting, type TSubscriptionStatus } from '@hirecast/domain/billing';
import type { TNoticeSide } from '@hirecast/domain/billing-notices';
import { UUID } from '@hirecast/domain/uuid';
import { findProductByPrice } from './catalogue.ts';

// A subscription before and after one event, as the audit trail (plan_changes) and the notice read it.

export const noticeSide = (
  row: { productId: string; jobs: number; status: string; cancelAtPeriodEnd: boolean } | undefined,
): TNoticeSide =>
  row
    ? {
        productId: row.productId,
        jobs: row.jobs,
        granting: isGranting(row.status as TSubscriptionStatus),
        willChange: row.cancelAtPeriodEnd,
      }
    : null;

export async function sideOf(
  tx: TTx,
  row: { productId: string; priceId: string; jobs: number; status: string; cancelAtPeriodEnd: boolean },
): Promise<TPlanChangeSide> {
  const product = await findProductByPrice(tx, row.priceId);
  return {
    productId: row.productId,
    priceName: product?.name ?? row.productId,
    jobs: row.jobs,
    status: row.status,
    willChange: row.cancelAtPeriodEnd,
  };
}

export async function userExists(tx: TTx, id: string | null | undefined) {
  if (!id || !UUID.test(id)) return false;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

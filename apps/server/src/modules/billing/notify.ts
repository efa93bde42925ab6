import { and, eq, isNull } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import { billingNotices, companies, memberships, users, type subscriptions } from '@hirecast/db/schema';
import { monthlyPence } from '@hirecast/domain/billing';
import {
  billingNotice,
  jobsPhrase,
  type TBillingNoticeFacts,
  type TBillingNoticeKind,
} from '@hirecast/domain/billing-notices';
import { ROLES } from '@hirecast/domain/constants';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { findProductByPrice } from './catalogue.ts';

// Issue 23 item 3: every subscription change (new, increase, decrease, switch, cancel, renewal, failed
// payment) emails the company's admins once, with the plan, the amount and the next date. The notice is
// written with the event that made the change (recordNotice, in its transaction, keyed); the process that
// wrote it sends it after the commit (deliverNotice). A mail failure is logged and undoes nothing.

export type TNoticeDraft = { key: string; facts: TBillingNoticeFacts };

type TPlanRow = Pick<typeof subscriptions.$inferSelect, 'priceId' | 'jobs' | 'currentPeriodEnd'>;

/** The facts of a notice about a subscription as it stands (price and jobs from the catalogue). */
export async function noticeFacts(
  tx: TTx,
  {
    kind,
    row,
    amountPence,
    nextAt,
  }: { kind: TBillingNoticeKind; row: TPlanRow | null; amountPence?: number | null; nextAt?: Date | null },
): Promise<TBillingNoticeFacts> {
  const product = row ? await findProductByPrice(tx, row.priceId) : null;
  const plan = row ? `${product?.name ?? 'Your plan'}, ${jobsPhrase(row.jobs)}` : 'Your plan';
  const monthly = product && row ? monthlyPence(product.prices, row.jobs) : null;
  const next = nextAt === undefined ? (row?.currentPeriodEnd ?? null) : nextAt;
  return {
    kind,
    plan,
    amountPence: amountPence ?? monthly,
    nextAt: kind === 'ended' ? null : (next?.toISOString() ?? null),
  };
}

/** Writes the notice once per key; answers its id when this call wrote it (else a redelivery did before). */
export async function recordNotice(tx: TTx, companyId: string, draft: TNoticeDraft) {
  const [row] = await tx
    .insert(billingNotices)
    .values({ companyId, key: draft.key, facts: draft.facts })
    .onConflictDoNothing()
    .returning({ id: billingNotices.id });
  return row?.id ?? null;
}

/** Claims a written notice and emails every admin of its company. */
export async function deliverNotice(ctx: TContext, noticeId: string) {
  const [notice] = await ctx.db
    .update(billingNotices)
    .set({ claimedAt: new Date() })
    .where(and(eq(billingNotices.id, noticeId), isNull(billingNotices.claimedAt)))
    .returning();
  if (!notice) return;
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, notice.companyId));
  const admins = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, notice.companyId), eq(memberships.role, ROLES.admin)));
  const { subject, lines } = billingNotice(
    company?.name ?? 'Your company',
    notice.facts as TBillingNoticeFacts,
  );
  for (const admin of admins) {
    const { text, html } = renderEmail({
      heading: subject,
      paragraphs: [`Hi ${admin.firstName},`, ...lines],
      action: { label: 'Open plans and billing', url: `${ctx.config.publicUrl}/plans` },
    });
    try {
      await ctx.mail.send({ to: admin.email, subject, text, html });
    } catch (err) {
      ctx.log.error({ err, companyId: notice.companyId, noticeId }, 'could not send a billing email');
    }
  }
  await ctx.db.update(billingNotices).set({ sentAt: new Date() }).where(eq(billingNotices.id, noticeId));
}

import { and, eq } from 'drizzle-orm';
import { companies, memberships, users } from '@hirecast/db/schema';
import { billingMessages } from '@hirecast/domain/billing';
import { ROLES } from '@hirecast/domain/constants';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';

// invoice.payment_failed: every admin of the company is told by email (the web app also shows a banner while
// the flag stands). A mail failure is logged and does not undo the recorded event.
export async function notifyPaymentFailed(ctx: TContext, companyId: string) {
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const admins = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, ROLES.admin)));
  const subject = `Payment failed for ${company?.name ?? 'your company'}'s Hirecast plan`;
  for (const admin of admins) {
    const { text, html } = renderEmail({
      heading: subject,
      paragraphs: [`Hi ${admin.firstName},`, billingMessages.paymentFailedBanner],
      action: { label: 'Open plans and billing', url: `${ctx.config.publicUrl}/plans` },
    });
    try {
      await ctx.mail.send({ to: admin.email, subject, text, html });
    } catch (err) {
      ctx.log.error({ err, companyId }, 'could not send the payment-failed email');
    }
  }
}

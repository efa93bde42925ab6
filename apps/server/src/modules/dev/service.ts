import { desc, eq, sql } from 'drizzle-orm';
import { outboxEmails } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';

// The development mailbox: what the outbox holds, newest first.
export async function listMailbox(ctx: Pick<TContext, 'db'>, { to, limit }: { to?: string; limit: number }) {
  const rows = await ctx.db
    .select()
    .from(outboxEmails)
    .where(to ? eq(sql`lower(${outboxEmails.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.createdAt.toISOString(),
  }));
}

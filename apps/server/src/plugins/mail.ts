import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '@hirecast/db/schema';
import type { TContext, TMailService } from '../lib/context.ts';

// Every email is written to the outbox table first. Embedded default: it stays there and the dev mailbox
// (GET /api/dev/mailbox, /dev/mailbox) shows it. With SMTP_URL: it is also delivered over SMTP and the
// row records sentAt or the error.
export function createMailService(ctx: Pick<TContext, 'db' | 'config' | 'log'>): TMailService {
  const { smtpUrl, from } = ctx.config.mail;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    send: async (message) => {
      const [row] = await ctx.db
        .insert(outboxEmails)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          transport: transport ? 'smtp' : 'outbox',
          applicationId: message.applicationId ?? null,
        })
        .returning({ id: outboxEmails.id });
      if (!transport) return;
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          replyTo: message.replyTo,
        });
        await ctx.db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row!.id));
      } catch (err) {
        ctx.log.error({ err, to: message.to, subject: message.subject }, 'smtp delivery failed');
        await ctx.db
          .update(outboxEmails)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(outboxEmails.id, row!.id));
        throw err;
      }
    },
  };
}

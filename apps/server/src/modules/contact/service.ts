import { contactRequests } from '@hirecast/db/schema';
import type { ZContactRequest } from '@hirecast/domain/contact';
import { messages } from '@hirecast/domain/messages';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';

type TContactInput = z.output<typeof ZContactRequest>;

// spec 1 §7: POST /email/contact. The request is kept, then mailed to the support address; the person's
// address goes in Reply-To so support can answer directly. renderEmail escapes everything typed.
export async function sendContactRequest(
  ctx: TContext,
  { input, userId }: { input: TContactInput; userId: string | null },
) {
  await ctx.db.insert(contactRequests).values({ ...input, message: input.message ?? null, userId });
  const { text, html } = renderEmail({
    heading: `Contact request: ${input.subject}`,
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Subject: ${input.subject}`,
      input.message ?? '(no message)',
    ],
  });
  try {
    await ctx.mail.send({
      to: ctx.config.mail.contactTo,
      subject: `Contact request: ${input.subject}`,
      text,
      html,
      replyTo: input.email,
    });
  } catch {
    // The mail service has logged the SMTP error and recorded it on the outbox row.
    throw new AppError('INTERNAL', messages.contactFailure);
  }
  return { message: messages.contactSuccess };
}

import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { zEmail, zRequired } from './fields.ts';
import { messages, requiredField } from './messages.ts';

// spec 1 §5 / spec 2 §5: contact form, values trimmed, message dropped when empty.
export const ZContactRequest = z.object({
  name: zRequired(requiredField('Name')).max(
    LIMITS.contactName,
    `Name must be at most ${LIMITS.contactName} characters`,
  ),
  email: zEmail({
    required: requiredField('Email'),
    invalid: messages.contactEmailInvalid,
    max: LIMITS.contactEmail,
  }),
  subject: zRequired(requiredField('Subject')).max(
    LIMITS.contactSubject,
    `Subject must be at most ${LIMITS.contactSubject} characters`,
  ),
  message: z
    .string()
    .trim()
    .max(LIMITS.contactMessage, `Message must be at most ${LIMITS.contactMessage} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

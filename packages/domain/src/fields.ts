import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { messages } from './messages.ts';
import { EMAIL_PATTERN as EMAIL, PASSWORD_MAX, PASSWORD_TOO_LONG } from './sign-in-rules.ts';

// A string that is required: a missing value, a wrong type and a blank string all give `message`.
export const zRequired = (message: string) => z.string({ error: message }).trim().min(1, message);

export const zEmail = ({
  required = messages.emailRequired,
  invalid = messages.emailInvalid,
  max = LIMITS.emailMax,
}: { required?: string; invalid?: string; max?: number } = {}) =>
  zRequired(required)
    .max(max, invalid)
    .toLowerCase()
    .refine((v) => EMAIL.test(v), invalid);

export const zPassword = z
  .string({ error: messages.passwordTooShort })
  .min(LIMITS.passwordMin, messages.passwordTooShort)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);

export const zId = z.uuid({ error: 'Invalid id' });

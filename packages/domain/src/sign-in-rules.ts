import { LIMITS } from './constants.ts';
import { messages } from './messages.ts';

// The sign-in rules without a schema library, so the sign-in page downloads no zod (issue 17 item 10: the
// sign-in route's JavaScript budget). `ZSignInRequest` (auth.ts) is the same rules for the server; a test
// checks the two agree.

/** The query value the social callback brings the one-time sign-in code in. */
export const SIGN_IN_CODE_PARAM = 'sign-in-code';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MAX = 200;
export const PASSWORD_TOO_LONG = 'Password is too long';

export type TSignInValues = { email: string; password: string };

/** The email as the server stores it and the first problem of each field, with the spec's messages. */
export function checkSignIn(input: TSignInValues): {
  values: TSignInValues;
  errors: Partial<Record<keyof TSignInValues, string>>;
} {
  const email = input.email.trim().toLowerCase();
  const errors: Partial<Record<keyof TSignInValues, string>> = {};
  if (email === '') errors.email = messages.emailRequired;
  else if (email.length > LIMITS.emailMax || !EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;
  if (input.password.length < LIMITS.passwordMin) errors.password = messages.passwordTooShort;
  else if (input.password.length > PASSWORD_MAX) errors.password = PASSWORD_TOO_LONG;
  return { values: { email, password: input.password }, errors };
}

import { LIMITS } from './constants.ts';
import { messages } from './messages.ts';

// The sign-in rules without a schema library, so the sign-in page downloads no zod (issue 17 item 10: the
// sign-in route's JavaScript budget). `ZSignInRequest` (auth.ts) is the same rules for the server; a test
// checks the two agree.

/** The query value the social callback brings the one-time sign-in code in. */
export const SIGN_IN_CODE_PARAM = 'sign-in-code';
/** Issue 27: the query value an existing verified account's pending Google link comes back in. */
export const LINK_CODE_PARAM = 'link-code';
/** Issue 27: the query value a failed Google sign-in comes back with, naming why. */
export const SOCIAL_ERROR_PARAM = 'social-error';
export const SOCIAL_ERRORS = ['failed', 'cancelled', 'expired', 'has-account', 'invite'] as const;
export type TSocialError = (typeof SOCIAL_ERRORS)[number];

/** What the sign-in and sign-up pages say for a `social-error` value (any other value: the general one). */
export function socialErrorMessage(reason: string | null): string | null {
  switch (reason) {
    case null:
      return null;
    case 'cancelled':
      return messages.socialCancelled;
    case 'expired':
      return messages.socialExpired;
    case 'has-account':
      return messages.socialHasAccount;
    case 'invite':
      return messages.inviteCodeInvalid;
    default:
      return messages.socialSignInFailed;
  }
}

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

import { describe, expect, it } from 'vitest';
import { ZSignInRequest } from '../src/auth.ts';
import { messages } from '../src/messages.ts';
import { inviteMessages } from '../src/company-team.ts';
import { checkSignIn, SOCIAL_ERRORS, socialErrorMessage } from '../src/sign-in-rules.ts';

// The sign-in page checks with `checkSignIn` (no zod in its bundle); the server with ZSignInRequest. They must
// agree on every input: the same values out, the same first message per field.
const cases = [
  { email: '', password: '' },
  { email: '   ', password: 'secret1' },
  { email: 'not-an-email', password: '123' },
  { email: ' Ann@Acme.com ', password: 'secret1' },
  { email: 'ann@acme', password: 'secret1' },
  { email: `${'a'.repeat(250)}@acme.com`, password: 'secret1' },
  { email: 'ann@acme.com', password: 'x'.repeat(201) },
  { email: 'ann@acme.com', password: '12345' },
  { email: 'ann@acme.com', password: '123456' },
];

const fromZod = (input: { email: string; password: string }) => {
  const parsed = ZSignInRequest.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return { values: undefined, errors };
};

describe('checkSignIn agrees with ZSignInRequest', () => {
  it.each(cases)('%o', (input) => {
    const mine = checkSignIn(input);
    const zod = fromZod(input);
    expect(mine.errors).toEqual(zod.errors);
    if (zod.values) expect(mine.values).toEqual(zod.values);
  });

  it('uses the spec messages', () => {
    expect(checkSignIn({ email: '', password: '' }).errors).toEqual({
      email: messages.emailRequired,
      password: messages.passwordTooShort,
    });
  });
});

// Issue 27: every reason the Google callback names has its own message on the sign-in and sign-up pages.
describe('socialErrorMessage', () => {
  it('says each reason, and the general failure for an unknown one', () => {
    expect(socialErrorMessage(null)).toBeNull();
    expect(SOCIAL_ERRORS.map((reason) => socialErrorMessage(reason))).toEqual([
      messages.socialSignInFailed,
      messages.socialCancelled,
      messages.socialExpired,
      messages.socialHasAccount,
      inviteMessages.invalid,
    ]);
    expect(socialErrorMessage('1')).toBe(messages.socialSignInFailed);
    expect(messages.socialHasAccount).toMatch(/has a Hirecast account: sign in with your password/);
  });
});

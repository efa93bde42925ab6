import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZAuthResponse,
  ZForgotPasswordRequest,
  ZManager,
  ZMeQuery,
  ZResetPasswordRequest,
  ZSendVerificationBody,
  ZSendVerificationRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZSocialStartQuery,
  ZUpdateMeRequest,
  ZVerifyEmailRequest,
} from '../src/auth.ts';
import { LIMITS } from '../src/constants.ts';
import { messages } from '../src/messages.ts';

// The first issue's message and path, as the server's error handler reports it.
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

const signUp = { email: 'jane@acme.com', password: 'secret1', firstName: 'Jane', lastName: 'Doe' };

describe('spec 1 §5 messages', () => {
  it('are the exact strings of the spec', () => {
    expect(messages.emailRequired).toBe('Email cannot be empty');
    expect(messages.emailInvalid).toBe('This does not look like a valid email');
    expect(messages.passwordTooShort).toBe('Password cannot be shorter then 6 symbols');
    expect(messages.namesRequired).toBe('First name and last name are required');
    expect(messages.corporateEmailOnly).toBe('Only corporate email addresses are allowed.');
    expect(messages.forgotEmailRequired).toBe('The email field cannot be empty');
    expect(messages.userExists).toBe(
      'Looks like user with this email already exists. Try logging in instead.',
    );
    expect(messages.wrongPassword).toBe(
      'Seems like this password is not correct. Try resetting if you forgot it.',
    );
    expect(messages.wrongCredentials).toBe('Looks like this email address and / or password are incorrect.');
    expect(messages.forgotFailure).toBe(
      'We could not send you a reset link. Are you sure that you have an account with this email?',
    );
    expect(messages.forgotSuccess).toBe('Great! We have sent you a reset link. Please check your email.');
    expect(messages.resetFailure).toBe(
      'We could not set a new password for your account. Please try resetting again.',
    );
    expect(messages.resetSuccess).toBe('Great! We have set a new password for you.');
    expect(messages.resetNoToken).toBe('Something went wrong while trying to log you in.');
    expect(messages.verificationSent).toBe('A verification link has been sent to your email');
  });
  it('spec 1 §9 limits', () => {
    expect([LIMITS.nameMax, LIMITS.nameMin, LIMITS.passwordMin, LIMITS.resetTokenHours]).toEqual([
      35, 2, 6, 72,
    ]);
  });
});

describe('ZSignUpRequest', () => {
  it('accepts a valid sign-up, trims names and trims and lowercases the email', () => {
    const parsed = ZSignUpRequest.parse({
      ...signUp,
      email: '  Jane@ACME.com ',
      firstName: ' Jane ',
      lastName: ' Doe ',
      prefers: 'posts',
    });
    expect(parsed).toEqual({
      email: 'jane@acme.com',
      password: 'secret1',
      firstName: 'Jane',
      lastName: 'Doe',
      prefers: 'posts',
    });
  });

  it.each([
    ['missing email', { email: undefined }, messages.emailRequired, 'email'],
    ['blank email', { email: '   ' }, messages.emailRequired, 'email'],
    ['numeric email', { email: 5 }, messages.emailRequired, 'email'],
    ['email without a domain dot', { email: 'jane@acme' }, messages.emailInvalid, 'email'],
    ['email with a space', { email: 'ja ne@acme.com' }, messages.emailInvalid, 'email'],
    ['300-char email', { email: `${'a'.repeat(290)}@acme.com` }, messages.emailInvalid, 'email'],
    ['5-char password', { password: '12345' }, messages.passwordTooShort, 'password'],
    ['missing password', { password: undefined }, messages.passwordTooShort, 'password'],
    ['201-char password', { password: 'p'.repeat(201) }, 'Password is too long', 'password'],
    ['missing first name', { firstName: undefined }, messages.namesRequired, 'firstName'],
    ['1-char first name', { firstName: 'J' }, messages.namesRequired, 'firstName'],
    ['name of spaces around one letter', { lastName: '  D  ' }, messages.namesRequired, 'lastName'],
    ['36-char first name', { firstName: 'j'.repeat(36) }, messages.nameTooLong, 'firstName'],
    ['36-char last name', { lastName: 'd'.repeat(36) }, messages.nameTooLong, 'lastName'],
    ['unknown prefers', { prefers: 'videos' }, undefined, 'prefers'],
    ['external redirect', { redirect: 'https://evil.example' }, 'Invalid redirect', 'redirect'],
    ['free mail', { email: 'jane@gmail.com' }, messages.corporateEmailOnly, 'email'],
    [
      'free mail with an empty invite code',
      { email: 'jane@yahoo.co.uk', inviteCode: '  ' },
      messages.corporateEmailOnly,
      'email',
    ],
  ])('refuses %s', (_label, override, message, path) => {
    const issue = firstIssue(ZSignUpRequest, { ...signUp, ...override });
    expect(issue).not.toBeNull();
    expect(issue!.path).toBe(path);
    if (message) expect(issue!.message).toBe(message);
  });

  it('accepts 2- and 35-character names, a 6-character password and an empty redirect', () => {
    expect(
      ZSignUpRequest.safeParse({
        ...signUp,
        firstName: 'Jo',
        lastName: 'd'.repeat(35),
        password: '123456',
        redirect: '',
      }).success,
    ).toBe(true);
  });

  it('accepts free mail with an invite code, and acme.me without one', () => {
    expect(ZSignUpRequest.safeParse({ ...signUp, email: 'jane@gmail.com', inviteCode: 'abc' }).success).toBe(
      true,
    );
    expect(ZSignUpRequest.safeParse({ ...signUp, email: 'jane@me.com', inviteCode: 'abc' }).success).toBe(
      true,
    );
    expect(ZSignUpRequest.safeParse({ ...signUp, email: 'jane@acme.me' }).success).toBe(true);
  });
});

describe('ZSignInRequest', () => {
  it('lowercases the email', () => {
    expect(ZSignInRequest.parse({ email: 'A@Acme.COM', password: '123456' }).email).toBe('a@acme.com');
  });
  it.each([
    [{ password: '123456' }, messages.emailRequired],
    [{ email: 'bad', password: '123456' }, messages.emailInvalid],
    [{ email: 'a@acme.com' }, messages.passwordTooShort],
    [{ email: 'a@acme.com', password: '12345' }, messages.passwordTooShort],
  ])('refuses %j with the spec message', (value, message) => {
    expect(firstIssue(ZSignInRequest, value)?.message).toBe(message);
  });
  it('does not apply the free-mail rule to sign-in', () => {
    expect(ZSignInRequest.safeParse({ email: 'a@gmail.com', password: '123456' }).success).toBe(true);
  });
});

describe('ZForgotPasswordRequest', () => {
  it.each([
    [{}, messages.forgotEmailRequired],
    [{ email: '' }, messages.forgotEmailRequired],
    [{ email: 'nope' }, messages.emailInvalid],
    [{ email: 'a@acme.com', redirect: '//evil.example' }, 'Invalid redirect'],
  ])('refuses %j', (value, message) => {
    expect(firstIssue(ZForgotPasswordRequest, value)?.message).toBe(message);
  });
  it('accepts an email and a redirect path', () => {
    expect(ZForgotPasswordRequest.parse({ email: 'A@acme.com', redirect: '/jobs' })).toEqual({
      email: 'a@acme.com',
      redirect: '/jobs',
    });
  });
});

describe('ZResetPasswordRequest and ZVerifyEmailRequest', () => {
  it('refuse a missing, blank or over-long token with the reset / verification failure message', () => {
    for (const token of [undefined, '  ', 'x'.repeat(201)]) {
      expect(firstIssue(ZResetPasswordRequest, { token, password: '123456' })?.message).toBe(
        messages.resetFailure,
      );
      expect(firstIssue(ZVerifyEmailRequest, { token })?.message).toBe(messages.verifyTokenInvalid);
    }
  });
  it('refuse a short new password', () => {
    expect(firstIssue(ZResetPasswordRequest, { token: 'abc', password: '12345' })?.message).toBe(
      messages.passwordTooShort,
    );
  });
  it('accept a token', () => {
    expect(ZResetPasswordRequest.safeParse({ token: 'abc', password: '123456' }).success).toBe(true);
    expect(ZVerifyEmailRequest.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
  });
});

describe('verification resend bodies', () => {
  it('default to an empty object, and the route body also takes no body at all', () => {
    expect(ZSendVerificationRequest.parse(undefined)).toEqual({});
    expect(ZSendVerificationBody.parse(null)).toBeNull();
    expect(ZSendVerificationBody.parse(undefined)).toBeUndefined();
    expect(ZSendVerificationBody.parse({ redirect: '/jobs' })).toEqual({ redirect: '/jobs' });
    expect(ZSendVerificationBody.safeParse({ redirect: 'https://evil.example' }).success).toBe(false);
  });
});

describe('ZUpdateMeRequest', () => {
  it('accepts any subset and trims', () => {
    expect(ZUpdateMeRequest.parse({})).toEqual({});
    expect(ZUpdateMeRequest.parse({ position: ' CTO ', avatar: null, digestType: 'instant' })).toEqual({
      position: 'CTO',
      avatar: null,
      digestType: 'instant',
    });
  });
  it.each([
    [{ firstName: 'x' }, messages.namesRequired],
    [{ lastName: 'x'.repeat(36) }, messages.nameTooLong],
    [{ position: 'p'.repeat(36) }, 'Position must be at most 35 characters'],
    [{ digestType: 'monthly' }, undefined],
    [{ email: 'x@acme.com' }, undefined],
    [{ calendarLink: 'c'.repeat(2001) }, undefined],
  ])('refuses %j', (value, message) => {
    const issue = firstIssue(ZUpdateMeRequest, value);
    expect(issue).not.toBeNull();
    if (message) expect(issue!.message).toBe(message);
  });
});

describe('queries', () => {
  it('ZMeQuery takes an optional short tracking token', () => {
    expect(ZMeQuery.parse({})).toEqual({});
    expect(ZMeQuery.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(ZMeQuery.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
  });
  it('ZSocialStartQuery only keeps in-app redirects', () => {
    expect(ZSocialStartQuery.safeParse({ redirect: '/jobs' }).success).toBe(true);
    expect(ZSocialStartQuery.safeParse({ redirect: 'https://evil.example' }).success).toBe(false);
  });
});

describe('ZManager and ZAuthResponse', () => {
  const manager = {
    _id: 'u1',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@acme.com',
    avatar: null,
    position: null,
    digestType: 'daily',
    calendarLink: null,
    needVerification: true,
    selfInvited: false,
    isUserWasRedirected: false,
    needsName: false,
    takenBack: null,
    _companies: [{ _id: 'c1', name: 'Acme', logo: null, role: 2 }],
    _company: 'c1',
    role: 2,
  };
  it('describe the manager of spec 1 §3 with the access-token key of spec 1 §7', () => {
    expect(ZManager.parse(manager)).toEqual(manager);
    expect(ZAuthResponse.safeParse({ manager, role: 2, 'access-token': 't' }).success).toBe(true);
    expect(ZAuthResponse.safeParse({ manager, role: 2, accessToken: 't' }).success).toBe(false);
  });
  it('allow only the roles 0, 1 and 2', () => {
    expect(ZManager.safeParse({ ...manager, role: 3 }).success).toBe(false);
    expect(ZManager.safeParse({ ...manager, role: null, _company: null, _companies: [] }).success).toBe(true);
  });
});

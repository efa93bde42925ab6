import { z } from 'zod';
import { DIGEST_TYPES, LIMITS, PREFERS } from './constants.ts';
import { isFreeMailDomain } from './email.ts';
import { zEmail, zPassword, zRequired } from './fields.ts';
import { messages } from './messages.ts';
import { zCalendarLink } from './settings.ts';
import { LINK_CODE_PARAM, PASSWORD_MAX, SIGN_IN_CODE_PARAM } from './sign-in-rules.ts';
import { isSafeRedirectPath } from './url.ts';

const zPersonName = zRequired(messages.namesRequired)
  .min(LIMITS.nameMin, messages.namesRequired)
  .max(LIMITS.nameMax, messages.nameTooLong);

const zRedirect = z
  .string()
  .max(2000)
  .optional()
  .refine((v) => v === undefined || v === '' || isSafeRedirectPath(v), 'Invalid redirect');

// spec 1 §7 Manager: POST manager/signup/email
export const ZSignUpRequest = z
  .object({
    email: zEmail(),
    password: zPassword,
    firstName: zPersonName,
    lastName: zPersonName,
    redirect: zRedirect,
    inviteCode: z.string().trim().max(200).optional(),
    prefers: z.enum(PREFERS).optional(),
  })
  .superRefine((v, ctx) => {
    // spec 1 §5: free-mail domains only with an invite code. The server checks the code: a valid one for the
    // same email lifts the rule; a valid one for another email is a normal sign-up, and the rule applies again.
    if (!v.inviteCode && isFreeMailDomain(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.corporateEmailOnly });
    }
  });
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

// spec 1 §7: POST manager/signin/email
export const ZSignInRequest = z.object({
  email: zEmail(),
  password: zPassword,
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZForgotPasswordRequest = z.object({
  email: zEmail({ required: messages.forgotEmailRequired }),
  redirect: zRedirect,
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  password: zPassword,
  token: zRequired(messages.resetFailure).max(200, messages.resetFailure),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZVerifyEmailRequest = z.object({
  token: zRequired(messages.verifyTokenInvalid).max(200, messages.verifyTokenInvalid),
});
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

export const ZSendVerificationRequest = z.object({ redirect: zRedirect }).default({});

// spec 2 §7: PATCH /manager/me, any subset
export const ZUpdateMeRequest = z
  .object({
    firstName: zPersonName,
    lastName: zPersonName,
    position: z.string().trim().max(LIMITS.positionMax, 'Position must be at most 35 characters'),
    avatar: z.string().trim().max(2000).nullable(),
    digestType: z.enum(DIGEST_TYPES),
    calendarLink: zCalendarLink.nullable(),
    // spec 1 §4: set when the person answers the first-job details prompt.
    isUserWasRedirected: z.boolean(),
  })
  .partial()
  .strict();
export type TUpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

// Issue 27: the name screen's form, both names required (spec 1 §5); saved with PATCH /manager/me.
export const ZYourNameForm = z.object({ firstName: zPersonName, lastName: zPersonName });
export type TYourNameForm = z.infer<typeof ZYourNameForm>;

export const ZCompanyMembership = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  role: z.number().int().min(0).max(2),
});

// spec 1 §3 User / manager
export const ZManager = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  digestType: z.enum(DIGEST_TYPES),
  calendarLink: z.string().nullable(),
  needVerification: z.boolean(),
  selfInvited: z.boolean(),
  isUserWasRedirected: z.boolean(),
  // Issue 27: the app asks for the person's own first and last name before anything else.
  needsName: z.boolean(),
  /**
   * Issue 33 item 8: the account existed before its owner signed in with Google (someone registered the address
   * without proving it): when it was registered and taken back. Shown once, with the account's companies and a
   * way to leave them, until DELETE /manager/me/taken-back; null otherwise.
   */
  takenBack: z.object({ registeredAt: z.string(), takenBackAt: z.string() }).nullable(),
  _companies: z.array(ZCompanyMembership),
  _company: z.string().nullable(),
  role: z.number().int().min(0).max(2).nullable(),
});
export type TManager = z.infer<typeof ZManager>;

// spec 1 §7: sign-in returns manager, role and an access-token
export const ZAuthResponse = z.object({
  manager: ZManager,
  role: z.number().int().nullable(),
  'access-token': z.string(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

// GET /manager/me: an optional tracking token (spec 1 §7), accepted and not otherwise used.
export const ZMeQuery = z.object({ token: z.string().trim().max(200).optional() });

// POST /manager/signup/email/verify answer.
export const ZVerifyEmailResponse = z.object({ verified: z.literal(true), email: z.string() });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

// Answers that only carry a user-facing message (forgot password, verification resend).
export const ZMessageResponse = z.object({ message: z.string() });

export const ZOkResponse = z.object({ ok: z.literal(true) });

// GET /manager/providers: which social sign-ins are configured (the web hides the others).
export const ZProvidersResponse = z.object({ google: z.boolean() });
export type TProvidersResponse = z.infer<typeof ZProvidersResponse>;

// GET /manager/google?redirect=/path: the path the sign-in page sends the user to afterwards.
// Issue 27: `invite`, the invitation code the person arrived with (it travels in the flow's HttpOnly cookies,
// next to the one-time state); `from`, the page a failure is said on.
export const ZSocialStartQuery = z.object({
  redirect: zRedirect,
  invite: z.string().trim().max(200).optional(),
  from: z.enum(['sign-in', 'sign-up']).optional(),
});

// Decision 003: the Google callback lands on /sign-in?sign-in-code=..&is-new=..&source=google[&redirect=..];
// the app exchanges the code by POST /manager/google/exchange, which sets the session cookie.
export { LINK_CODE_PARAM, SIGN_IN_CODE_PARAM };
export const ZSocialExchangeRequest = z.object({ code: z.string().trim().min(1).max(200) });
export type TSocialExchangeRequest = z.infer<typeof ZSocialExchangeRequest>;
export const ZSocialExchangeResponse = z.object({ manager: ZManager, role: z.number().int().nullable() });
export type TSocialExchangeResponse = z.infer<typeof ZSocialExchangeResponse>;

// Issue 27: POST /manager/google/link: an existing account whose address was verified is linked to the Google
// account only when the person enters its password (the callback's `link-code` names the pending link).
export const ZSocialLinkRequest = z.object({
  code: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type TSocialLinkRequest = z.infer<typeof ZSocialLinkRequest>;

// GET /manager/google/callback: what the provider sends back. The values have no maximum here: an over-long one
// returns the browser to the sign-in page like every other bad callback (issue 27), not to a JSON error; the
// route checks `SOCIAL_CALLBACK_MAX`.
export const SOCIAL_CALLBACK_MAX = { code: 2000, state: 200, error: 200 } as const;
export const ZSocialCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

// POST /manager/signup/email/verify/send: spec 1 §7 sends an empty payload, so no body (null) is fine too.
export const ZSendVerificationBody = z.object({ redirect: zRedirect }).nullish();

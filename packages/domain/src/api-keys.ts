import { z } from 'zod';

// Issue 35 item 1 (decision 036): API keys. The scopes are named here once: the server's routes declare the one
// they need, the web app offers them as checkboxes, and the OpenAPI document marks operations with them.

export const API_KEY_SCOPES = ['read', 'write', 'interviews'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Read jobs and applications' },
  write: { label: 'Write', description: 'Change statuses, add notes and marks' },
  interviews: { label: 'Interviews', description: 'Manage interviews and invitations' },
};

/** Every key starts with this; the part after it is 32 random bytes in base64url. */
export const API_KEY_PREFIX = 'hc_live_';
/** How much of the key the list shows (the prefix and the first characters of the secret). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 60;
/** The shape of a key: what does not match it is refused before any lookup. */
export const API_KEY_PATTERN = /^hc_live_[A-Za-z0-9_-]{43}$/;
export const IDEMPOTENCY_KEY_MAX = 255;
/** The address of the user row a key acts through (`.invalid`: it can receive nothing, and never signs in). */
export const API_KEY_ACTOR_DOMAIN = 'api-keys.invalid';
export const isApiKeyActorEmail = (email: string) => email.endsWith(`@${API_KEY_ACTOR_DOMAIN}`);

export const apiKeyMessages = {
  nameRequired: 'Give the key a name.',
  nameTooLong: `The name must be at most ${API_KEY_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  scopeUnknown: `Unknown scope. Choose from: ${API_KEY_SCOPES.join(', ')}.`,
  expiryInPast: 'The expiry must be in the future.',
  expiryInvalid: 'The expiry must be a date and time (ISO 8601).',
  invalidKey: 'This API key is not valid: it is unknown, revoked or expired.',
  notForKeys: 'API keys cannot be used for this operation. Sign in to Hirecast to do this.',
  scopeMissing: (scope: TApiKeyScope) => `This API key does not have the "${scope}" scope.`,
  rateLimited: 'Too many requests for this API key. Wait for the time given in Retry-After and try again.',
  idempotencyMismatch:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyInFlight: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  idempotencyKeyInvalid: `The Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters.`,
  shownOnce: 'Copy this key now: you will not see it again.',
} as const;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES, { error: apiKeyMessages.scopeUnknown });

export const ZCreateApiKeyRequest = z
  .object({
    name: z
      .string({ error: apiKeyMessages.nameRequired })
      .trim()
      .min(1, apiKeyMessages.nameRequired)
      .max(API_KEY_NAME_MAX, apiKeyMessages.nameTooLong),
    scopes: z
      .array(ZApiKeyScope, { error: apiKeyMessages.scopesRequired })
      .min(1, apiKeyMessages.scopesRequired)
      .transform((scopes) => [...new Set(scopes)]),
    expiresAt: z.iso
      .datetime({ offset: true, error: apiKeyMessages.expiryInvalid })
      .nullable()
      .optional()
      .refine((value) => !value || Date.parse(value) > Date.now(), apiKeyMessages.expiryInPast),
  })
  .strict();
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(ZApiKeyScope),
  prefix: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The answer to a create: the key with its secret, the only time the secret is ever shown. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

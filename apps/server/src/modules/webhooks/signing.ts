import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` and base64 of 24 random bytes;
// the signature is HMAC-SHA256 over `${webhook-id}.${webhook-timestamp}.${body}` with the decoded secret, sent as
// `v1,<base64>`, several separated by spaces (during a rotation both the new and the old secret sign).

const PREFIX = 'whsec_';

export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

export function signatureHeader(
  secrets: readonly string[],
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

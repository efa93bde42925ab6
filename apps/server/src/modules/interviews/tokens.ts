import { createHmac, randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/tokens.ts';

// Decision 028: the candidate's private link and an outside reviewer's link carry a 256-bit token made as
// HMAC(app secret, salt). The row keeps the salt and the token's SHA-256: a request is found by the hash (as
// every other token of the product), and the reminder can rebuild the link without the token being stored.

export type TTokenRow = { tokenSalt: string; tokenHash: string };

export function newLinkToken(secret: string, purpose: 'interview' | 'review') {
  const tokenSalt = randomBytes(16).toString('base64url');
  const token = linkToken(secret, purpose, tokenSalt);
  return { token, tokenSalt, tokenHash: hashToken(token) };
}

export const linkToken = (secret: string, purpose: 'interview' | 'review', salt: string) =>
  createHmac('sha256', secret).update(`${purpose}:${salt}`).digest('base64url');

/** A token as a path carries it: 43 base64url characters (anything else cannot exist). */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const interviewLink = (publicUrl: string, token: string) => `${publicUrl}/interview/${token}`;
export const reviewLink = (publicUrl: string, token: string) => `${publicUrl}/review/${token}`;

import { randomBytes } from 'node:crypto';
import { uniqueViolation } from '../../lib/unique-violation.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_ID_PATTERN = /^[0-9A-Za-z]{8}$/;

/** 8 random base62 characters: the shortId of a job or a short URL (spec 1 §7 /s/{shortId}). */
export function newShortId(): string {
  let id = '';
  while (id.length < 8) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && id.length < 8) id += BASE62[byte % 62];
    }
  }
  return id;
}

/** Runs `attempt` again (up to 3 times) when it loses a shortId collision on `constraint`. */
export async function retryOnShortIdClash<T>(constraint: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (n < 3 && uniqueViolation(err) === constraint) continue;
      throw err;
    }
  }
}

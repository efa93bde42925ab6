import type { TStorage } from '../context.ts';

export type TStorageDriver = TStorage;

export const DEFAULT_EXPIRES_IN = 15 * 60;

/**
 * When a read URL is signed, in epoch seconds: the start of the current window of a third of its lifetime. The
 * same file signed again in that window gets the same URL, so a list the page polls does not hand a playing video
 * a new address (the browser would load it again from the start) and the browser's cache keeps working; each URL
 * still has at least two thirds of its lifetime left when it is handed out.
 */
export function readSigningTime(expiresIn: number, now = Date.now()): number {
  const seconds = Math.floor(now / 1000);
  const window = Math.floor(expiresIn / 3);
  return window >= 1 ? seconds - (seconds % window) : seconds;
}
/** How many leading bytes `head` returns: enough for every magic number we check. */
export const HEAD_BYTES = 64;

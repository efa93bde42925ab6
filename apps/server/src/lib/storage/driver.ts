import type { TStorage } from '../context.ts';

export type TStorageDriver = TStorage;

export const DEFAULT_EXPIRES_IN = 15 * 60;
/** How many leading bytes `head` returns: enough for every magic number we check. */
export const HEAD_BYTES = 64;

import type { TStorage } from '../context.ts';

// Both drivers also read a whole object back (the server resizes verified images). TStorage in
// lib/context.ts does not carry `read`, so services reach it through `readObject`.
export type TStorageDriver = TStorage & { read: (key: string) => Promise<Uint8Array | null> };

export const DEFAULT_EXPIRES_IN = 15 * 60;
/** How many leading bytes `head` returns: enough for every magic number we check. */
export const HEAD_BYTES = 64;

export function readObject(storage: TStorage, key: string): Promise<Uint8Array | null> {
  const read = (storage as Partial<TStorageDriver>).read;
  if (typeof read !== 'function') throw new Error(`storage driver ${storage.driver} cannot read objects`);
  return read(key);
}

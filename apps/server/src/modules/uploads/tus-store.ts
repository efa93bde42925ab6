import type { DataStore } from '@tus/server';

/**
 * Where resumable uploads are kept, following the storage driver (decision 015): the tus DataStore plus what
 * the product does with an upload once it is finished. Nothing here reads an upload whole into memory.
 */
export type TTusStore = {
  store: DataStore;
  /** The first bytes of an upload (its real type is checked from them, spec 3 §5). */
  firstBytes: (id: string) => Promise<Uint8Array>;
  /** Makes a finished upload the stored object `key` (a rename on disk, a server-side copy on S3), then discards it. */
  claim: (id: string, key: string, contentType: string) => Promise<void>;
  /** Removes the upload and whatever it left behind; removing one already gone is not an error. */
  discard: (id: string) => Promise<void>;
  /** Removes the uploads created more than the expiry before `now`, finished or not; answers how many. */
  sweep: (now: number) => Promise<number>;
};

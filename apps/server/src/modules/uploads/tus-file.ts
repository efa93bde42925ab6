import { mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { HEAD_BYTES } from '../../lib/storage/driver.ts';
import { commitUpload } from '../../lib/storage/local-disk.ts';
import type { TTusStore } from './tus-store.ts';

// Resumable uploads on local disk (STORAGE_DRIVER=local): a FileStore in DATA_DIR/uploads-tus, beside the local
// storage, so a finished upload becomes a stored object by a rename. Several processes on one machine share
// the folder (and lock through the database); on several machines, use S3.
export function createFileTusStore({ dataDir, storageDir, expiryMs }: TFileOptions): TTusStore {
  const directory = join(dataDir, 'uploads-tus');
  mkdirSync(directory, { recursive: true });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const file = (id: string) => join(directory, id);
  const discard = async (id: string) => {
    await Promise.all([rm(file(id), { force: true }), rm(`${file(id)}.json`, { force: true })]);
  };
  return {
    store,
    firstBytes: async (id) => {
      const handle = await open(file(id), 'r');
      try {
        const buffer = new Uint8Array(HEAD_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    // Same disk: a rename, not a copy of up to 500 MB.
    claim: async (id, key, contentType) => {
      await commitUpload(storageDir, key, file(id), contentType);
      await discard(id);
    },
    discard,
    // Unfinished ones (as the tus server's own cleanUpExpiredUploads does) and finished ones that no POST
    // /asset ever claimed, which the tus cleanup keeps forever.
    sweep: async (now) => {
      const ids = (await store.configstore.list?.()) ?? [];
      let removed = 0;
      for (const id of ids) {
        const created = Date.parse((await store.configstore.get(id))?.creation_date ?? '');
        if (!Number.isFinite(created) || created + expiryMs > now) continue;
        try {
          await store.remove(id);
          removed += 1;
        } catch {
          // Another process sharing the folder removed it first.
        }
      }
      return removed;
    },
  };
}

type TFileOptions = { dataDir: string; storageDir: string; expiryMs: number };

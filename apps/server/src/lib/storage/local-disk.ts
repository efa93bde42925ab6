import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DEFAULT_EXPIRES_IN, HEAD_BYTES, readSigningTime, type TStorageDriver } from './driver.ts';
import { isPublicKey, parseKey, sign } from './keys.ts';

// The embedded object store: files under config.storage.localDir, reached through HMAC-signed URLs that
// the API itself serves (modules/storage/routes.ts). Each object has a sidecar `<file>.meta` holding its
// content type.
export type TLocalDiskOptions = { root: string; secret: string; publicUrl: string };

/** The file of a key, or null when the key is not one of ours or would leave the root. */
export function objectPath(root: string, key: string): string | null {
  if (!parseKey(key)) return null;
  const base = resolve(root);
  const file = resolve(base, key);
  return file.startsWith(base + sep) ? file : null;
}

const mustPath = (root: string, key: string) => {
  const file = objectPath(root, key);
  if (!file) throw new Error(`invalid storage key: ${key}`);
  return file;
};

export async function statObject(root: string, key: string) {
  const file = objectPath(root, key);
  if (!file) return null;
  try {
    const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta`, 'utf8')]);
    const { contentType } = JSON.parse(meta) as { contentType: string };
    return { file, size: info.size, contentType };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export const openObjectStream = (file: string, range?: { start: number; end: number }) =>
  createReadStream(file, range);

/** Moves a finished upload (written to a temporary file) into place with its content type. */
export async function commitUpload(root: string, key: string, tmpFile: string, contentType: string) {
  const file = mustPath(root, key);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.meta`, JSON.stringify({ contentType }));
  await rename(tmpFile, file);
}

export function uploadTempPath(root: string) {
  return join(resolve(root), '.tmp', randomUUID());
}

export function createLocalDiskStorage({ root, secret, publicUrl }: TLocalDiskOptions): TStorageDriver {
  const urlFor = (key: string) => `${publicUrl}/api/storage/${key}`;
  return {
    driver: 'local',
    signPut: async ({ key, contentType, expiresIn = DEFAULT_EXPIRES_IN }) => {
      mustPath(root, key);
      const expires = Math.floor(Date.now() / 1000) + expiresIn;
      const signature = sign(secret, { method: 'PUT', key, expires, contentType });
      const query = new URLSearchParams({ expires: String(expires), 'content-type': contentType, signature });
      return `${urlFor(key)}?${query}`;
    },
    signGet: async ({ key, expiresIn = DEFAULT_EXPIRES_IN, download }) => {
      mustPath(root, key);
      if (isPublicKey(key)) return urlFor(key);
      const expires = readSigningTime(expiresIn) + expiresIn;
      const signature = sign(secret, { method: 'GET', key, expires, download });
      const query = new URLSearchParams({
        expires: String(expires),
        ...(download && { download }),
        signature,
      });
      return `${urlFor(key)}?${query}`;
    },
    head: async (key) => {
      const found = await statObject(root, key);
      if (!found) return null;
      const handle = await open(found.file, 'r');
      try {
        const buffer = new Uint8Array(Math.min(HEAD_BYTES, found.size));
        await handle.read(buffer, 0, buffer.length, 0);
        return { size: found.size, firstBytes: buffer };
      } finally {
        await handle.close();
      }
    },
    put: async ({ key, body, contentType }) => {
      const file = mustPath(root, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.meta`, JSON.stringify({ contentType }));
    },
    read: async (key) => {
      const found = await statObject(root, key);
      return found ? new Uint8Array(await readFile(found.file)) : null;
    },
    // copyFile moves the bytes in the kernel (copy_file_range or a reflink), never through our memory.
    download: async (key, file) => {
      const found = await statObject(root, key);
      if (!found) return false;
      await copyFile(found.file, file);
      return true;
    },
    // Copied beside the store first and renamed into place, so a reader never sees half a file.
    putFile: async ({ key, file, contentType }) => {
      mustPath(root, key);
      const tmp = uploadTempPath(root);
      await mkdir(dirname(tmp), { recursive: true });
      try {
        await copyFile(file, tmp);
        await commitUpload(root, key, tmp, contentType);
      } finally {
        await rm(tmp, { force: true });
      }
    },
    remove: async (key) => {
      const file = mustPath(root, key);
      await rm(file, { force: true });
      await rm(`${file}.meta`, { force: true });
    },
  };
}

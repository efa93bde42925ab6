import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { TConfig } from '../../config.ts';
import { createS3Storage, s3ClientConfig, type TS3Options } from '../storage/s3.ts';

/** One stored file as a backup lists it. */
export type TStoredFile = { key: string; size: number; contentType: string };

/**
 * The object store seen whole, as backup and restore need it (the product's TStorage only reaches keys it
 * knows): every file with its content type, read as a stream, written from a local file.
 */
export type TFileStore = {
  describe: string;
  list: () => AsyncIterable<Omit<TStoredFile, 'contentType'>>;
  /** The file's bytes and content type, or null when it went away since the listing. */
  read: (key: string) => Promise<{ body: Readable; contentType: string } | null>;
  write: (input: TStoredFile & { file: string }) => Promise<void>;
  isEmpty: () => Promise<boolean>;
};

// Resumable uploads still in flight are not stored files yet: a backup leaves them out (the browser restarts
// an upload the store does not know). Same prefix as modules/uploads/tus-s3.ts; the local ones live outside
// the storage folder (DATA_DIR/uploads-tus).
const IN_FLIGHT_PREFIX = 'tus/';
const OCTET_STREAM = 'application/octet-stream';

/** The embedded store: files under config.storage.localDir, each with a `<file>.meta` of its content type. */
export function localFileStore(root: string): TFileStore {
  const base = resolve(root);
  async function* walk(dir: string): AsyncIterable<string> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      // `.tmp` holds uploads being written (local-disk.ts uploadTempPath).
      if (entry.isDirectory() && !(dir === base && entry.name === '.tmp')) yield* walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.meta')) yield path;
    }
  }
  const contentTypeOf = async (file: string) => {
    try {
      const meta = JSON.parse(await readFile(`${file}.meta`, 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : OCTET_STREAM;
    } catch {
      return OCTET_STREAM;
    }
  };
  const pathOf = (key: string) => {
    const file = resolve(base, key);
    if (!file.startsWith(base + sep)) throw new Error(`a stored file's key leaves the store: ${key}`);
    return file;
  };
  return {
    describe: `the storage folder ${base}`,
    list: async function* () {
      for await (const file of walk(base)) {
        const key = relative(base, file).split(sep).join('/');
        yield { key, size: (await stat(file)).size };
      }
    },
    read: async (key) => {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return { body: createReadStream(file), contentType: await contentTypeOf(file) };
    },
    write: async ({ key, file, contentType }) => {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(file, target);
      await writeFile(`${target}.meta`, JSON.stringify({ contentType }));
    },
    isEmpty: async () => {
      for await (const file of walk(base)) return !file;
      return true;
    },
  };
}

/** Any S3-compatible bucket, through the same SDK settings as the product's storage (storage/s3.ts). */
export function s3FileStore(options: TS3Options): TFileStore {
  const client = new S3Client(s3ClientConfig(options));
  const storage = createS3Storage(options);
  const Bucket = options.bucket;
  const pages = async function* (maxKeys?: number) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, ContinuationToken: token, MaxKeys: maxKeys }),
      );
      yield page.Contents ?? [];
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && !maxKeys);
  };
  return {
    describe: `the bucket ${Bucket}`,
    list: async function* () {
      for await (const page of pages()) {
        for (const object of page) {
          if (!object.Key || object.Key.startsWith(IN_FLIGHT_PREFIX)) continue;
          yield { key: object.Key, size: object.Size ?? 0 };
        }
      }
    },
    read: async (key) => {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!got.Body) return null;
        return { body: got.Body as Readable, contentType: got.ContentType ?? OCTET_STREAM };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    // The product's own upload of a local file (storage/s3.ts), re-sent there when a kept-alive connection drops.
    write: ({ key, file, contentType }) => storage.putFile({ key, file, contentType }),
    isEmpty: async () => {
      for await (const page of pages(1)) return page.length === 0;
      return true;
    },
  };
}

/** The configured store (STORAGE_DRIVER). */
export const configuredFileStore = (config: Pick<TConfig, 'storage'>): TFileStore =>
  config.storage.driver === 's3' ? s3FileStore(config.storage.s3) : localFileStore(config.storage.localDir);

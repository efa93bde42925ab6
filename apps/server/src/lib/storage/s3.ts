import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DEFAULT_EXPIRES_IN, HEAD_BYTES, readSigningTime, type TStorageDriver } from './driver.ts';
import { attachmentDisposition, isPublicKey } from './keys.ts';

export type TS3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** The unsigned URL of an object; readable only for keys the bucket policy makes public (uploads/public/*). */
export function objectUrl(options: TS3Options, key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com/${path}`;
  const endpoint = new URL(options.endpoint);
  const base = endpoint.href.replace(/\/$/, '');
  if (options.forcePathStyle) return `${base}/${options.bucket}/${path}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}/${path}`;
}

// Production object storage: any S3-compatible store through AWS SDK v3. The browser talks to the store
// directly with presigned URLs; the server only heads, reads, writes and deletes.
/** The SDK client settings of the store (shared with the resumable uploads' store, modules/uploads/tus-s3.ts). */
const PUT_FILE_ATTEMPTS = 3;

export const s3ClientConfig = (options: TS3Options): S3ClientConfig => ({
  region: options.region,
  endpoint: options.endpoint,
  forcePathStyle: options.forcePathStyle,
  credentials:
    options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined,
  // Presigned PUTs from a browser cannot carry a checksum the SDK computes, so only add one when required.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export function createS3Storage(options: TS3Options): TStorageDriver {
  const client = new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;

  const readRange = async (key: string, range?: string) => {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    driver: 's3',
    signPut: ({ key, contentType, expiresIn = DEFAULT_EXPIRES_IN }) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        signableHeaders: new Set(['content-type']),
      }),
    signGet: async ({ key, expiresIn = DEFAULT_EXPIRES_IN, download }) =>
      isPublicKey(key)
        ? objectUrl(options, key)
        : getSignedUrl(
            client,
            new GetObjectCommand({
              Bucket,
              Key: key,
              ...(download && { ResponseContentDisposition: attachmentDisposition(download) }),
            }),
            { expiresIn, signingDate: new Date(readSigningTime(expiresIn) * 1000) },
          ),
    head: async (key) => {
      let size: number;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        size = res.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      if (size === 0) return { size, firstBytes: new Uint8Array() };
      const firstBytes = await readRange(key, `bytes=0-${HEAD_BYTES - 1}`);
      return firstBytes ? { size, firstBytes } : null;
    },
    put: async ({ key, body, contentType }) => {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    read: (key) => readRange(key),
    download: async (key, file) => {
      let body: unknown;
      try {
        body = (await client.send(new GetObjectCommand({ Bucket, Key: key }))).Body;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
      // On Node the SDK answers the HTTP response itself: a Readable, piped to disk as it arrives.
      const source = body === undefined ? Readable.from([]) : body;
      if (!(source instanceof Readable)) throw new Error('S3 GetObject answered a body that is not a stream');
      try {
        await pipeline(source, createWriteStream(file));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return true;
    },
    // One streamed PutObject with its length known up front: S3 takes up to 5 GB that way, far above the
    // 500 MB video limit (spec 3 §9), so a multipart upload (@aws-sdk/lib-storage) is not needed.
    putFile: async ({ key, file, contentType }) => {
      const { size } = await stat(file);
      // The SDK cannot re-send a streamed body itself (a kept-alive connection the store closed at that moment
      // ends the request with "socket hang up"); the file is local, so it is sent again from its start.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: key,
              Body: createReadStream(file),
              ContentLength: size,
              ContentType: contentType,
            }),
          );
          return;
        } catch (err) {
          if (attempt >= PUT_FILE_ATTEMPTS) throw err;
        }
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

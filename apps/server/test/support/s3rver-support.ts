import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig, type TS3Options } from '../../src/lib/storage/s3.ts';
import { TUS_PREFIX } from '../../src/modules/uploads/tus-s3.ts';
// s3rver: a local server speaking the S3 protocol, so the real AWS SDK code path runs without a network.
// It does not check SigV4 signatures (its source says so), so a signature's content is asserted on a URL's
// shape, not by a refused request.
// @ts-expect-error -- s3rver ships no type declarations; the members used are typed below.
import S3rverUntyped from 's3rver';
// @ts-expect-error -- as above: s3rver's error model, which its error handler turns into an S3 error answer.
import S3ErrorUntyped from 's3rver/lib/models/error.js';

type TKoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
};
type TMiddleware = (ctx: TKoaContext, next: () => Promise<void>) => Promise<void>;
type TS3rver = {
  run: () => Promise<AddressInfo>;
  close: () => Promise<void>;
  middleware: TMiddleware[];
  store: { getResourcePath: (bucket: string, key: string | undefined, resource: string) => string };
};
const S3rver = S3rverUntyped as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => TS3rver;
const S3Error = S3ErrorUntyped as new (code: string, message: string) => Error;

export const S3RVER_BUCKET = 'hirecast-test';

/**
 * s3rver does multipart uploads (create, upload part, complete) but not ListParts nor AbortMultipartUpload,
 * which the tus S3 store needs to resume an upload; this adds both, reading the parts s3rver keeps on disk.
 */
function multipartExtras(server: TS3rver): TMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...rest] = ctx.path.split('/');
    const wanted = (ctx.method === 'GET' || ctx.method === 'DELETE') && uploadId && bucket && rest.length > 0;
    if (!wanted || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const dir = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number);
    const parts = await Promise.all(
      numbers
        .sort((a, b) => a - b)
        .map(async (n) => {
          const info = await stat(join(dir, String(n)));
          const md5 = await readFile(join(dir, `${n}.md5`), 'utf8');
          return { PartNumber: n, ETag: `"${md5}"`, Size: info.size, LastModified: info.mtime.toISOString() };
        }),
    );
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(rest.join('/')),
        UploadId: uploadId,
        IsTruncated: false,
        Part: parts,
      },
    };
  };
}

export async function startS3rver() {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'hirecast-s3rver-')),
    configureBuckets: [{ name: S3RVER_BUCKET }],
  });
  // After the logger and the XML encoder (0 and 1), before the routes.
  server.middleware.splice(2, 0, multipartExtras(server));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed development credentials.
  const options = {
    bucket: S3RVER_BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: S3RVER_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return { server, options, env, close: () => server.close() };
}

/** The keys under `tus/` in the bucket: what resumable uploads left there. */
export async function tusObjects(options: TS3Options): Promise<string[]> {
  const client = new S3Client(s3ClientConfig(options));
  const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: TUS_PREFIX }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

import {
  AbortMultipartUploadCommand,
  type ServiceInputTypes,
  type ServiceOutputTypes,
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/server';
import type { InitializeMiddleware } from '@smithy/types';
import { HEAD_BYTES } from '../../lib/storage/driver.ts';
import { isNotFound, s3ClientConfig, type TS3Options } from '../../lib/storage/s3.ts';
import type { TTusStore } from './tus-store.ts';

// Resumable uploads in the bucket (STORAGE_DRIVER=s3) with @tus/s3-store: each upload is a multipart upload
// at `tus/<id>` with its `tus/<id>.info` (size, metadata, the multipart id) and, between chunks smaller than
// S3's 5 MiB part minimum, a `tus/<id>.part`. Everything is in the bucket, so the next chunk may reach any
// process. Keys sit under `tus/` so that a bucket lifecycle rule can expire them by prefix as well.
export const TUS_PREFIX = 'tus/';

// The store keeps each upload's .info in a cache of its own (a Map by default). Another process may finish,
// claim or remove the upload meanwhile, so every process reads the .info again (a small GET per step).
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

// The store names its objects by the upload id alone; every key it sends (and the keys of a batch delete)
// gets the prefix on the way out.
type TKeyed = { Key?: string; Delete?: { Objects?: { Key?: string }[] } };
const prefixKeys: InitializeMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next) => async (args) => {
  const input = args.input as TKeyed;
  const prefixed: TKeyed = { ...input };
  if (typeof input.Key === 'string') prefixed.Key = TUS_PREFIX + input.Key;
  if (input.Delete?.Objects) {
    const objects = input.Delete.Objects.map((o) => ({ ...o, Key: `${TUS_PREFIX}${o.Key ?? ''}` }));
    prefixed.Delete = { ...input.Delete, Objects: objects };
  }
  return next({ ...args, input: prefixed as ServiceInputTypes });
};

class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    this.client.middlewareStack.add(prefixKeys, { step: 'initialize', name: 'hirecastTusPrefix' });
  }
}

export function createS3TusStore({ s3, expiryMs }: { s3: TS3Options; expiryMs: number }): TTusStore {
  const store = new PrefixedS3Store({
    s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
    expirationPeriodInMilliseconds: expiryMs,
    // No object tags: expiry is swept below (and by a lifecycle rule on `tus/` where the operator sets one).
    useTags: false,
    cache: noCache,
  });
  const client = new S3Client(s3ClientConfig(s3));
  const Bucket = s3.bucket;
  const key = (id: string) => `${TUS_PREFIX}${id}`;

  const discard = async (id: string) => {
    // The multipart upload of an unfinished upload is aborted (its parts cost storage until then).
    const uploadId = await client
      .send(new HeadObjectCommand({ Bucket, Key: `${key(id)}.info` }))
      .then((head) => head.Metadata?.['upload-id'])
      .catch((err: unknown) => {
        if (isNotFound(err)) return undefined;
        throw err;
      });
    if (uploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key(id), UploadId: uploadId }))
        .catch((err: unknown) => {
          // A finished (completed) upload has no multipart upload left.
          if (!isNotFound(err)) throw err;
        });
    }
    const names = [key(id), `${key(id)}.info`, `${key(id)}.part`];
    await client.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
    );
  };

  return {
    store,
    firstBytes: async (id) => {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: key(id), Range: `bytes=0-${HEAD_BYTES - 1}` }),
      );
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    },
    // A server-side copy: the bytes never pass through this process (S3 copies up to 5 GB in one request,
    // far above the 500 MB video limit).
    claim: async (id, target, contentType) => {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: target,
          CopySource: `${Bucket}/${key(id)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      await discard(id);
    },
    discard,
    // The .info is written when the upload is opened (tags are off, so finishing does not rewrite it): its
    // LastModified is the upload's creation time.
    sweep: async (now) => {
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: TUS_PREFIX, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.endsWith('.info') || !object.LastModified) continue;
          if (object.LastModified.getTime() + expiryMs > now) continue;
          await discard(object.Key.slice(TUS_PREFIX.length, -'.info'.length));
          removed += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed;
    },
  };
}

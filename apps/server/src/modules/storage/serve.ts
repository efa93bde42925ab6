import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@hirecast/domain/messages';
import { APPLY_LIMITS, applyMessages } from '@hirecast/domain/application';
import { IMAGE_LIMITS } from '@hirecast/domain/storage';
import { AppError } from '../../lib/app-error.ts';
import { attachmentDisposition, checkSignature, isPublicKey, parseKey } from '../../lib/storage/keys.ts';
import { commitUpload, openObjectStream, statObject, uploadTempPath } from '../../lib/storage/local-disk.ts';

// The largest upload any signed URL may carry (an image of any type, or a candidate's CV of 20 MiB);
// /storage/verify and the application check then apply the limit of the file's own kind.
const LARGEST = [
  ...Object.values(IMAGE_LIMITS),
  { maxBytes: APPLY_LIMITS.cvMaxBytes, tooLarge: applyMessages.cvTooLarge },
].reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
export const MAX_UPLOAD_BYTES = LARGEST.maxBytes;

const ZSignedQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  'content-type': z.string().optional(),
  download: z.string().max(200).optional(),
});

const forbidden = () => new AppError('FORBIDDEN', messages.signatureInvalid);

/** Parses a single `bytes=` range against the size; 'invalid' answers 416. */
export function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

// PUT and GET /api/storage/<key> for the local-disk driver, with HMAC-signed expiring URLs (public image
// keys are readable without a signature). Raw bodies of any type are accepted on these routes only.
export const localObjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const root = config.storage.localDir;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/storage/*',
    {
      schema: {
        tags: ['storage'],
        querystring: ZSignedQuery,
        description: 'Upload to a signed URL (local storage).',
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, 'content-type': signedType } = request.query;
      if (!parseKey(key) || !signedType) throw forbidden();
      if (
        !checkSignature(config.secret, { method: 'PUT', key, expires, signature, contentType: signedType })
      ) {
        throw forbidden();
      }
      const sentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (sentType !== signedType) {
        throw new AppError(
          'FORBIDDEN',
          `The Content-Type header must be ${signedType}, as signed in this link.`,
        );
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MAX_UPLOAD_BYTES) {
        reply.header('connection', 'close');
        throw new AppError('PAYLOAD_TOO_LARGE', LARGEST.tooLarge);
      }
      const tmp = uploadTempPath(root);
      await mkdir(dirname(tmp), { recursive: true });
      let received = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > MAX_UPLOAD_BYTES) callback(new AppError('PAYLOAD_TOO_LARGE', LARGEST.tooLarge));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(request.raw, limiter, createWriteStream(tmp));
        await commitUpload(root, key, tmp, signedType);
      } catch (err) {
        await rm(tmp, { force: true });
        if (err instanceof AppError) reply.header('connection', 'close');
        throw err;
      }
      return reply.status(200).send({ data: { key, size: received } });
    },
  );

  app.get(
    '/storage/*',
    {
      schema: {
        tags: ['storage'],
        querystring: ZSignedQuery,
        description: 'Read a stored file (local storage).',
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!parseKey(key)) throw new AppError('NOT_FOUND', messages.notFound);
      const isPublic = isPublicKey(key);
      if (!isPublic) {
        const { expires, signature, download } = request.query;
        if (!checkSignature(config.secret, { method: 'GET', key, expires, signature, download }))
          throw forbidden();
        // The name the signer chose (issue 33: a neutral one on an anonymised review), never the uploaded one.
        if (download) reply.header('content-disposition', attachmentDisposition(download));
      }
      const found = await statObject(root, key);
      if (!found) throw new AppError('NOT_FOUND', messages.notFound);
      const range = request.headers.range ? parseRange(request.headers.range, found.size) : null;
      reply.header('accept-ranges', 'bytes');
      if (range === 'invalid') {
        return reply
          .status(416)
          .header('content-range', `bytes */${found.size}`)
          .send({ error: { code: 'VALIDATION', message: 'The requested range cannot be served.' } });
      }
      reply
        .header('content-type', found.contentType)
        .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=300');
      if (!range) {
        reply.header('content-length', found.size);
        return reply.send(openObjectStream(found.file));
      }
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(openObjectStream(found.file, range));
    },
  );
};

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyMessages, IDEMPOTENCY_KEY_MAX } from '@hirecast/domain/api-keys';
import { AppError } from '../lib/app-error.ts';
import type { TContext } from '../lib/context.ts';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  sweepIdempotencyKeys,
} from '../lib/idempotency-store.ts';

// Decision 036, as Stripe does it: a write made with an API key and an `Idempotency-Key` header is done once.
// A repeat (same key, same request) gets the first answer again, status and body; the same key with another
// request answers 422; a repeat while the first is still being done answers 409. Records last 24 hours.

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, whose answer is stored when it is sent. */
    idempotency: { apiKeyId: string; key: string; settled: boolean } | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = 'idempotency-key';
const SWEEP_EVERY_MS = 60 * 60_000;

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

export function registerIdempotency(app: FastifyInstance, ctx: TContext) {
  app.decorateRequest('idempotency', null);

  // After validation, so that a request the API refuses as sent claims nothing.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.apiKey || !WRITES.has(request.method)) return;
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(',') : raw;
    if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))
      throw new AppError('VALIDATION', apiKeyMessages.idempotencyKeyInvalid, {
        'Idempotency-Key': apiKeyMessages.idempotencyKeyInvalid,
      });
    const apiKeyId = request.apiKey.id;
    const fingerprint = fingerprintOf(request);
    const claim = await claimIdempotencyKey(ctx.db, { apiKeyId, key, fingerprint });
    if (claim === true) {
      request.idempotency = { apiKeyId, key, settled: false };
      return;
    }
    if (claim.fingerprint !== fingerprint)
      throw new AppError('UNPROCESSABLE', apiKeyMessages.idempotencyMismatch);
    if (claim.status === null || claim.body === null)
      throw new AppError('CONFLICT', apiKeyMessages.idempotencyInFlight);
    reply.code(claim.status).header('idempotent-replayed', 'true');
    if (claim.contentType) reply.header('content-type', claim.contentType);
    return reply.send(claim.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    // A failure on our side is not an answer to repeat: the key is freed for a retry.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await releaseIdempotencyKey(ctx.db, held);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await storeIdempotentAnswer(ctx.db, {
      ...held,
      status: reply.statusCode,
      body: payload,
      contentType: typeof type === 'string' ? type : null,
    });
    return payload;
  });

  // A request that ended without an answer (the client went away mid-way) leaves no key in flight.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (held && !held.settled) await releaseIdempotencyKey(ctx.db, held);
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = sweepIdempotencyKeys(ctx.db).catch((err: unknown) =>
        ctx.log.warn({ err }, 'expired idempotency keys not swept'),
      );
    }, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

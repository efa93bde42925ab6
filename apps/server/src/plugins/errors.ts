import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@hirecast/domain/messages';
import type { TErrorBody } from '@hirecast/domain/errors';
import { AppError, STATUS_BY_CODE } from '../lib/app-error.ts';

// The one error handler: AppError -> its status; schema failures -> 400 with the spec's message of the
// first failing field; anything else -> 500 without internals, logged with the request id.
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: TErrorBody;
    if (error instanceof AppError) {
      status = STATUS_BY_CODE[error.code];
      body = {
        error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) },
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const keys = (v.params as { keys?: unknown }).keys;
        const path =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (Array.isArray(keys) ? keys.join(',') : '');
        if (path && !fields[path]) fields[path] = v.message ?? messages.validation;
      }
      const first = error.validation[0]?.message ?? messages.validation;
      status = 400;
      body = { error: { code: 'VALIDATION', message: first, fields } };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests } };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 404
              ? 'NOT_FOUND'
              : 'VALIDATION';
      body = { error: { code, message: status === 400 ? messages.requestUnreadable : error.message } };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { error: { code: 'INTERNAL', message: messages.internal } };
    }
    if (status < 500) request.log.info({ code: body.error.code, status }, body.error.message);
    return reply.status(status).send(body);
  });
}

// Requests Node's HTTP parser refuses before Fastify sees them (a header with a control character, headers too
// large, a request that took too long to arrive) answer in the same error shape as every other failure, not
// Fastify's default `{ error: "Bad Request", statusCode }`.
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message]: [number, string, TErrorBody['error']['code'], string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'VALIDATION', messages.requestUnreadable]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'PAYLOAD_TOO_LARGE', messages.requestUnreadable]
        : [400, 'Bad Request', 'VALIDATION', messages.requestUnreadable];
  const body = JSON.stringify({ error: { code, message } } satisfies TErrorBody);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

// Addresses the router refuses before any route runs (a part over its 100 characters, a broken %-escape): a 400
// in the same error shape, without the address echoed back (Fastify's default answers 414 with the whole path).
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? messages.addressPartTooLong : messages.requestUnreadable;
  return reply.status(400).send({ error: { code: 'VALIDATION', message } } satisfies TErrorBody);
}

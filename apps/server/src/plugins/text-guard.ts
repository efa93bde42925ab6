import type { FastifyInstance } from 'fastify';
import { messages } from '@hirecast/domain/messages';
import { findUnstorableText } from '@hirecast/domain/text';
import { AppError } from '../lib/app-error.ts';

// One check for every route, schema or not: a string the database cannot store (U+0000, a lone surrogate)
// anywhere in the route params, the query or a parsed body is refused with a 400 before any handler runs.
// Raw bodies (uploads) are Buffers or streams and are not entered.
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnstorableText(value);
      if (path !== null)
        throw new AppError('VALIDATION', messages.textUnstorable, {
          [path || part]: messages.textUnstorable,
        });
    }
  });
}

import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@hirecast/domain/messages';
import type { TConfig } from '../config.ts';

// Serves the built employer app; any GET that is not an API or storage path and asks for HTML gets
// index.html so client-side routes work on reload. Hashed assets go out as the build compressed them
// (scripts/precompress.mjs: Brotli at quality 11 and gzip beside each file; decision 035): the copy the
// browser's Accept-Encoding prefers, with Content-Encoding and Vary: Accept-Encoding, or the file itself.
// @fastify/compress leaves an answer that has its Content-Encoding alone.
export async function registerWebApp(app: FastifyInstance, config: TConfig) {
  const hasBuild = existsSync(config.webDist);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      immutable: false,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { startUploadSweep, uploadScopes, type TTusUploads } from './tus.ts';

// Resumable uploads (tus protocol) at /api/uploads: Fastify authenticates and scopes the request to the
// caller's company, then hands the raw request and response to the tus server.
export async function uploadRoutes(app: FastifyInstance, { tus }: { tus: TTusUploads }) {
  const { ctx } = app;
  // PATCH bodies stream straight through to the tus store; Fastify must not read them.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') {
      requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      uploadScopes.set(request.raw, scope.companyId);
    }
    reply.hijack();
    await tus.server.handle(request.raw, reply.raw);
  };
  app.all('/uploads', handle);
  app.all('/uploads/*', handle);

  // Expired uploads (paused, or finished but never made an asset) are swept while the app runs.
  let sweep: ReturnType<typeof startUploadSweep> | undefined;
  app.addHook('onReady', async () => {
    sweep = startUploadSweep(tus, ctx.log);
  });
  app.addHook('onClose', async () => sweep?.stop());
  // A shutdown (SIGTERM) ends the uploads in flight here at the bytes saved, so their clients resume on another
  // process at once (HEAD, then PATCH from the offset) instead of this one waiting for the whole chunk.
  app.addHook('preClose', async () => tus.locker.releaseAll());
}

import type { FastifyInstance } from 'fastify';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { startUploadSweep, type TTusUploads } from './tus.ts';
import { acceptTusBodies, tusHandler } from './tus-endpoint.ts';

// Resumable uploads (tus protocol) at /api/uploads: Fastify authenticates and scopes the request to the
// caller's company, then hands the raw request and response to the tus server.
export async function uploadRoutes(app: FastifyInstance, { tus }: { tus: TTusUploads }) {
  const { ctx } = app;
  acceptTusBodies(app);
  const handle = tusHandler(tus.server, async (request) => {
    requireUser(request);
    return (await resolveCompanyScope(ctx, request)).companyId;
  });
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

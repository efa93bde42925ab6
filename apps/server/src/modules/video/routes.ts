// spec 3 §7 "Videos (animated templates)", under /api. Every call needs a session (cookie or Bearer) and the
// company (X-Company-Id or the company cookie); other companies' templates answer 404, a viewer changing
// someone else's template 403 (spec 3 §6). Answers are { data }; the shapes are @hirecast/domain/video-template.
//
//   POST   /api/video              body ZCreateVideoTemplateBody {title, cover?, coverMobile?, data}
//                                  → 201 { data: ZVideoTemplate } (status draft; `_id` is the new video id);
//                                    429 past 30 templates per person and hour
//   GET    /api/video?skip&limit&status
//                                  → { data: { videos: ZVideoTemplate[], videosCount, samples: ZVideoTemplate[] } }
//                                    videos/videosCount: a page of the company's own templates (the samples take
//                                    no places); samples: the sample templates (isSample), on every page;
//                                    status=rendered: only the company's rendered ones, samples [] (media chooser:
//                                    the job's `_video` is the template's `_file`, its rendered video asset)
//   GET    /api/video/events       text/event-stream of the company: each `data:` line is a ZTemplateStatusEvent
//                                    {_id, status, progress, errorReason}; a first `: connected` comment says
//                                    the stream is live. Refetch the template when status becomes rendered.
//   GET    /api/video/{id}/events  text/event-stream of one template: its current status as the first `data:`
//                                    event, then each change (spec 3 §7 "live document per template")
//   GET    /api/video/{id}         → { data: ZVideoTemplate } (a sample of any company reads too)
//   PATCH  /api/video/{id}         body ZPatchVideoTemplateBody {title?, cover?, coverMobile?, data?}
//                                  → { data: ZVideoTemplate } (changed data makes a rendered one a draft again;
//                                    409 while preparing or rendering)
//   DELETE /api/video/{id}         → { data: { _id } } (409 while preparing or rendering)
//   POST   /api/video/{id}/render  Finalize: required fields checked (400 with the §5 message); 429 when the
//                                    company already has 3 renders queued or running; then
//                                  → 202 { data: ZVideoTemplate } status preparing; live events follow
//                                    preparing → rendering (progress 0–100) → rendered | error (errorReason
//                                    'VideoPlayer template error: …'). Rendered: videoMp4Url, videoMp4Url_720p,
//                                    thumbnail, _file are set; the author gets an email.
// "Make one like this" (/content/copy/{id}, /content/create/): GET the template (or sample), then POST its data.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateVideoTemplateBody,
  ZListVideoTemplatesQuery,
  ZPatchVideoTemplateBody,
  ZVideoTemplate,
  ZVideoTemplateList,
} from '@hirecast/domain/video-template';
import { TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { keyedLimitHook, RATE_LIMITS } from '../../lib/rate-limits.ts';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { streamTemplateEvents } from './stream.ts';
import type { TVideoEvents } from './events.ts';
import {
  createTemplate,
  deleteTemplate,
  findTemplateRow,
  getTemplate,
  listTemplates,
  requestRender,
  statusEvent,
  updateTemplate,
} from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZId = z.object({ id: z.string() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['video'];

export const videoRoutes: FastifyPluginAsyncZod<{ events: TVideoEvents }> = async (app, { events }) => {
  const { ctx } = app;
  const scoped = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });
  const open = new Set<{ end: () => void }>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.post(
    '/video',
    {
      preValidation: signedIn,
      schema: { tags, body: ZCreateVideoTemplateBody, response: { 201: data(ZVideoTemplate) } },
      // Templates per person and hour, counted in the shared store (decision 007); 429 past it.
      preHandler: keyedLimitHook(app, {
        name: 'video-template-create-user',
        limit: RATE_LIMITS.videoTemplates.createPerUser,
        key: (request) => request.user?.id,
        message: TEMPLATE_MESSAGES.createLimit,
      }),
    },
    async (request, reply) => {
      const { user, scope } = await scoped(request);
      const video = await createTemplate(ctx, { scope, userId: user.id, body: request.body });
      return reply.status(201).send({ data: video });
    },
  );

  app.get(
    '/video',
    {
      preValidation: signedIn,
      schema: { tags, querystring: ZListVideoTemplatesQuery, response: { 200: data(ZVideoTemplateList) } },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await listTemplates(ctx, scope, request.query) };
    },
  );

  // Registered before /video/:id so 'events' is not read as an id.
  app.get('/video/events', { preValidation: signedIn, schema: { tags } }, async (request, reply) => {
    const { scope } = await scoped(request);
    await streamTemplateEvents({ events, companyId: scope.companyId, request, reply, open });
  });

  // spec 3 §7 "A live document per template at video-rendering/{id}": its current status, then each change.
  app.get(
    '/video/:id/events',
    { preValidation: signedIn, schema: { tags, params: ZId } },
    async (request, reply) => {
      const { scope } = await scoped(request);
      const row = await findTemplateRow(ctx, scope, request.params.id);
      const current = async () => statusEvent(await findTemplateRow(ctx, scope, row.id));
      await streamTemplateEvents({
        events,
        companyId: row.companyId,
        request,
        reply,
        open,
        template: { id: row.id, current },
      });
    },
  );

  app.get(
    '/video/:id',
    { preValidation: signedIn, schema: { tags, params: ZId, response: { 200: data(ZVideoTemplate) } } },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await getTemplate(ctx, scope, request.params.id) };
    },
  );

  app.patch(
    '/video/:id',
    {
      preValidation: signedIn,
      schema: { tags, params: ZId, body: ZPatchVideoTemplateBody, response: { 200: data(ZVideoTemplate) } },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      return {
        data: await updateTemplate(ctx, {
          scope,
          userId: user.id,
          id: request.params.id,
          body: request.body,
        }),
      };
    },
  );

  app.delete(
    '/video/:id',
    {
      preValidation: signedIn,
      schema: { tags, params: ZId, response: { 200: data(z.object({ _id: z.string() })) } },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      await deleteTemplate(ctx, { scope, userId: user.id, id: request.params.id });
      return { data: { _id: request.params.id } };
    },
  );

  app.post(
    '/video/:id/render',
    { preValidation: signedIn, schema: { tags, params: ZId, response: { 202: data(ZVideoTemplate) } } },
    async (request, reply) => {
      const { user, scope } = await scoped(request);
      const video = await requestRender(ctx, { scope, userId: user.id, id: request.params.id });
      return reply.status(202).send({ data: video });
    },
  );
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyMessages } from '@hirecast/domain/application';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { ZPublicEngagementRequest, ZPublicJob, ZTrackRequest } from '@hirecast/domain/public-job';
import { captionRouteMessages } from '@hirecast/domain/captions';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import { secureCookies } from '../../lib/session-cookie.ts';
import { requireUser } from '../../plugins/auth.ts';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE } from '../sharing/index.ts';
import { previewCaptionsVtt, publicCaptionsVtt } from './captions.ts';
import { loadPublicJob, publicJobVideoUrl } from './job.ts';
import { recordJobEngagement, trackJobEvent } from './tracking.ts';

const tags = ['public'];
const ZParams = z.object({ shortId: z.string() });
const noContent = z.null().describe('No content');
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
// Beacons come from every visitor's browser: generous, but a flood from one address is cut off.
const TRACK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const ENGAGEMENT_RATE_LIMIT = { max: 240, timeWindow: '1 minute' };
// Issue 34: a caption route's ids are checked by shape (a malformed one is a 400 that says which); a well-formed
// one the caller may not read is a 404.
const zUuidOf = (message: string) => z.string().max(64, message).regex(UUID, message);
const ZCaptionsKey = {
  job: z.string().regex(/^[0-9A-Za-z]{8}$/, captionRouteMessages.shortId),
  company: z.string().min(1).max(200, captionRouteMessages.slug),
} as const;
const vttReply = (reply: FastifyReply, captions: { vtt: string; language: string | null }, cache: string) => {
  if (captions.language) reply.header('content-language', captions.language);
  return reply
    .header('content-type', 'text/vtt; charset=utf-8')
    .header('cache-control', cache)
    .send(captions.vtt);
};

// Issue 5 item 5: the candidate side's read API and tracking beacons, under /api/public, without an account.
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limit = (rateLimit: { max: number; timeWindow: string }): { rateLimit?: typeof rateLimit } =>
    ctx.config.rateLimitDisabled ? {} : { rateLimit };

  app.get(
    '/public/job/:shortId',
    {
      schema: {
        tags,
        summary: 'What a job page shows (open or closed)',
        params: ZParams,
        response: { 200: data(ZPublicJob) },
      },
    },
    async (request) => {
      const found = await loadPublicJob(ctx, { shortId: request.params.shortId });
      if (!found) throw new AppError('NOT_FOUND', applyMessages.jobNotFound);
      return { data: found.job };
    },
  );

  // Issue 23 item 9: the stable addresses of a public job's own video and poster (its VideoObject's contentUrl
  // and thumbnailUrl): a redirect to a freshly signed URL, so a crawler's stored address never expires.
  for (const [suffix, what] of [
    ['', 'video'],
    ['/poster', 'poster'],
  ] as const) {
    app.get(
      `/public/job/:shortId/video${suffix}`,
      {
        schema: {
          tags,
          summary:
            what === 'video'
              ? "A public job's video: a redirect to its playable rendition"
              : "A public job's video poster: a redirect to the image",
          params: ZParams,
          response: { 302: z.null().describe('Redirect') },
        },
      },
      async (request, reply) => {
        const target = await publicJobVideoUrl(ctx, { shortId: request.params.shortId, what });
        if (!target) throw new AppError('NOT_FOUND', applyMessages.jobNotFound);
        // Shorter than the signed URL's life, so a cached redirect never leads to an expired one.
        return reply.header('cache-control', 'public, max-age=300').redirect(target, 302);
      },
    );
  }

  // Issue 34 item 2: the captions of a video a public page shows, for anyone (the <track> of its players). Only
  // videos that page shows (publicCaptionsVtt); the company's members read every video's at /api/asset/:id.
  for (const [page, prefix, message] of [
    ['job', '/public/job/:key', applyMessages.jobNotFound],
    ['company', '/public/company/:key', companyPageMessages.publicPageNotFound],
  ] as const) {
    app.get(
      `${prefix}/captions/:assetId`,
      {
        schema: {
          tags,
          summary:
            page === 'job'
              ? 'The WebVTT captions of a video a public job page shows (text/vtt)'
              : 'The WebVTT captions of a video a public career page or story shows (text/vtt)',
          params: z.object({ key: ZCaptionsKey[page], assetId: zUuidOf(captionRouteMessages.assetId) }),
          produces: ['text/vtt'],
          response: { 200: z.string().describe('WebVTT') },
        },
      },
      async (request, reply) => {
        const { key, assetId } = request.params;
        const captions = await publicCaptionsVtt(ctx, { page, key, assetId });
        if (!captions) throw new AppError('NOT_FOUND', message);
        return vttReply(reply, captions, 'public, max-age=300');
      },
    );
  }

  // The job's preview page (/preview/{id}) plays its videos' captions from here: a job never published is not
  // public, so its team reads them signed in (the page's session cookie), as loadPreviewJob lets them see it.
  app.get(
    '/preview/job/:jobId/captions/:assetId',
    {
      schema: {
        tags,
        summary: "The WebVTT captions of a video a job's preview page shows, for the job's team (text/vtt)",
        params: z.object({
          jobId: zUuidOf(captionRouteMessages.jobId),
          assetId: zUuidOf(captionRouteMessages.assetId),
        }),
        produces: ['text/vtt'],
        response: { 200: z.string().describe('WebVTT') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const captions = await previewCaptionsVtt(ctx, { ...request.params, userId: user.id });
      if (!captions) throw new AppError('NOT_FOUND', applyMessages.jobNotFound);
      return vttReply(reply, captions, 'private, no-cache');
    },
  );

  app.post(
    '/public/job/:shortId/track',
    {
      config: limit(TRACK_RATE_LIMIT),
      schema: {
        tags,
        summary:
          'Tracking beacon: a visit (counted once per visitor, job and day) or a started application (once per session)',
        params: ZParams,
        body: ZTrackRequest,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { newVisitorCookie } = await trackJobEvent(ctx, {
        shortId: request.params.shortId,
        input: request.body,
        client: {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          visitorCookie: request.cookies[VISITOR_COOKIE],
        },
      });
      if (newVisitorCookie) {
        // Issue 23 item 4: first-party, for the beacons only, unreadable by scripts.
        reply.setCookie(VISITOR_COOKIE, newVisitorCookie, {
          path: '/api/public/job',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies(ctx.config),
          maxAge: VISITOR_COOKIE_MAX_AGE,
        });
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/public/job/:shortId/engagement',
    {
      config: limit(ENGAGEMENT_RATE_LIMIT),
      schema: {
        tags,
        summary: "Video engagement beacon: the second reached in the job's video",
        params: ZParams,
        body: ZPublicEngagementRequest,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await recordJobEngagement(ctx, { shortId: request.params.shortId, input: request.body });
      return reply.status(204).send(null);
    },
  );
};

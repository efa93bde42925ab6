import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyMessages,
  ZApplyRequest,
  ZApplyResponse,
  ZCandidateApplication,
  ZErasureHeld,
  ZPublicSignedUrlQuery,
  ZPublicSignedUrlResponse,
} from '@hirecast/domain/application';
import { AppError } from '../../lib/app-error.ts';
import { keyedLimitHook, RATE_LIMITS } from '../../lib/rate-limits.ts';
import { acceptTusBodies, tusHandler, type TTusUploads } from '../uploads/index.ts';
import { deleteCandidateData, getCandidateApplication, withdrawApplication } from './manage.ts';
import { applyToJob } from './service.ts';
import { createPublicTusServer, publicUploadScope, signCandidateUpload } from './uploads.ts';

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['public'];
const ZShortIdParams = z.object({ shortId: z.string().max(32) });
const ZTokenParams = z.object({ token: z.string().max(200) });

// Issue 5 item 5: the candidate side of the API, without an account: upload URLs, resumable video uploads,
// the application, and the private link that views, withdraws or deletes it.
export const publicApplyRoutes: FastifyPluginAsyncZod<{ tus: TTusUploads }> = async (app, { tus }) => {
  const { ctx } = app;
  const perIp = (max: number, timeWindow: string, message?: string) => ({
    rateLimit: ctx.config.rateLimitDisabled
      ? (false as const)
      : {
          max,
          timeWindow,
          ...(message && { errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', message) }),
        },
  });

  app.get(
    '/public/signed-url',
    {
      schema: {
        tags,
        description: 'A signed PUT URL (15 minutes) for a CV (PDF, DOCX) or a recorded video of an open job.',
        querystring: ZPublicSignedUrlQuery,
        response: { 200: data(ZPublicSignedUrlResponse) },
      },
      config: perIp(60, '1 hour'),
    },
    async (request) => ({
      data: await signCandidateUpload(ctx, {
        shortId: request.query.job,
        contentType: request.query['content-type'],
        session: request.query.session ?? null,
      }),
    }),
  );

  // tus at /api/public/uploads: the Upload-Metadata of the creation names the job (`job`), `filename` and
  // `filetype`; the id in the final URL is what the application sends as video.uploadId.
  const tusServer = createPublicTusServer(tus);
  acceptTusBodies(app);
  const handleTus = tusHandler(tusServer, (request) =>
    publicUploadScope(ctx, {
      tus,
      uploadId: (request.params as { id?: string } | undefined)?.id,
      metadata: request.headers['upload-metadata'] as string | undefined,
    }),
  );
  const tusSchema = (description: string) => ({ tags, description });
  app.all(
    '/public/uploads',
    {
      schema: tusSchema(
        'Resumable upload (tus 1.0.0) of a candidate video, up to 500 MB. Upload-Metadata: job, filename, filetype.',
      ),
      config: perIp(20, '1 hour'),
    },
    handleTus,
  );
  app.all(
    '/public/uploads/:id',
    {
      schema: tusSchema('Resume (HEAD, PATCH) or cancel (DELETE) a candidate video upload (tus 1.0.0).'),
      config: perIp(1000, '1 hour'),
    },
    handleTus,
  );

  app.post(
    '/public/job/:shortId/apply',
    {
      schema: {
        tags,
        description: 'Apply for an open job without an account.',
        params: ZShortIdParams,
        body: ZApplyRequest,
        response: { 201: data(ZApplyResponse) },
      },
      config: perIp(RATE_LIMITS.apply.perIp.max, RATE_LIMITS.apply.perIp.timeWindow, applyMessages.tooMany),
      // What stops duplicates and retry loops: attempts per email and job, once the body is validated.
      preHandler: keyedLimitHook(app, {
        name: 'apply-email-job',
        limit: RATE_LIMITS.apply.perEmailAndJob,
        key: (request) => {
          const { shortId } = request.params as { shortId: string };
          return `${shortId}:${(request.body as { email: string }).email}`;
        },
        message: applyMessages.tooManyForEmail,
      }),
    },
    async (request, reply) => {
      const { applicationId, interviewToken } = await applyToJob(ctx, {
        tus,
        shortId: request.params.shortId,
        body: request.body,
      });
      reply.status(201);
      return {
        data: {
          applicationId,
          message: applyMessages.submitted,
          ...(interviewToken && { interviewToken }),
        },
      };
    },
  );

  const linkLimit = perIp(60, '10 minutes');

  app.get(
    '/public/application/:token',
    {
      schema: {
        tags,
        description: "The candidate's application, through the private link of the confirmation email.",
        params: ZTokenParams,
        response: { 200: data(ZCandidateApplication) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await getCandidateApplication(ctx, request.params.token) }),
  );

  app.post(
    '/public/application/:token/withdraw',
    {
      schema: {
        tags,
        description: 'Withdraws the application (status withdrawn). Repeating it changes nothing.',
        params: ZTokenParams,
        response: { 200: data(ZCandidateApplication) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await withdrawApplication(ctx, request.params.token) }),
  );

  app.delete(
    '/public/application/:token',
    {
      schema: {
        tags,
        description:
          'Deletes the application, its CV and its video (204); the link then answers 404. Under legal hold: 202, ' +
          'nothing is deleted, the request is recorded and runs when the hold is released; the answer says why.',
        params: ZTokenParams,
        response: { 204: z.null(), 202: data(ZErasureHeld) },
      },
      config: linkLimit,
    },
    async (request, reply) => {
      const result = await deleteCandidateData(ctx, request.params.token, request.ip);
      if (!result.held) return reply.status(204).send(null);
      const { title, message, requestedAt } = result;
      return reply.status(202).send({ data: { title, message, requestedAt } });
    },
  );
};

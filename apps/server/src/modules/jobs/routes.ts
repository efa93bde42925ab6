import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateJobRequest,
  ZJob,
  ZJobQuery,
  ZJobShortInfo,
  ZJobStatusRequest,
  ZJobsQuery,
  ZReorderJobsRequest,
  ZShortUrlAnswer,
  ZShortUrlRequest,
  ZUpdateJobRequest,
} from '@hirecast/domain/job';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { companyPlan } from '../billing/index.ts';
import { setJobStatus } from './publish.ts';
import { copyJob, createJob, deleteJob, getJob, listJobs, reorderJobs, updateJob } from './service.ts';
import { createShortUrl, jobShortInfo, resolveShortLink } from './share.ts';

const tags = ['job'];
const ZParams = z.object({ id: z.string() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
// Signed-in check before the body is validated, so an anonymous caller always gets 401.
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 1 §7 Jobs, under /api. Thin: validate, resolve the company (tenancy), call the service.
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const scopeOf = (request: FastifyRequest) => resolveCompanyScope(ctx, request);

  app.post(
    '/job',
    { preValidation: signedIn, schema: { tags, body: ZCreateJobRequest, response: { 201: data(ZJob) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      const job = await createJob(ctx, {
        scope,
        userId: user.id,
        input: request.body,
        plan: await companyPlan(ctx.db, scope.companyId),
      });
      return reply.status(201).send({ data: job });
    },
  );

  app.get(
    '/job',
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, querystring: ZJobsQuery, response: { 200: data(z.array(ZJob)) } },
    },
    async (request) => ({
      data: await listJobs(ctx, { scope: await scopeOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/job/reorder',
    {
      preValidation: signedIn,
      schema: { tags, body: ZReorderJobsRequest, response: { 200: data(z.array(ZJob)) } },
    },
    async (request) => ({
      data: await reorderJobs(ctx, { scope: await scopeOf(request), input: request.body }),
    }),
  );

  app.get(
    '/job/:id',
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, params: ZParams, querystring: ZJobQuery, response: { 200: data(ZJob) } },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const includeStats = request.query.includeStats === 'true';
      return { data: await getJob(ctx, { scope, id: request.params.id, includeStats }) };
    },
  );

  app.patch(
    '/job/:id',
    {
      preValidation: signedIn,
      schema: { tags, params: ZParams, body: ZUpdateJobRequest, response: { 200: data(ZJob) } },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      const input = {
        scope,
        userId: user.id,
        id: request.params.id,
        input: request.body,
        plan: await companyPlan(ctx.db, scope.companyId),
      };
      return { data: await updateJob(ctx, input) };
    },
  );

  app.patch(
    '/job/:id/status',
    {
      preValidation: signedIn,
      schema: { tags, params: ZParams, body: ZJobStatusRequest, response: { 200: data(ZJob) } },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      const input = {
        scope,
        user,
        id: request.params.id,
        input: request.body,
      };
      return { data: await setJobStatus(ctx, input) };
    },
  );

  app.post(
    '/job/:id/copy',
    { preValidation: signedIn, schema: { tags, params: ZParams, response: { 201: data(ZJob) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      const plan = await companyPlan(ctx.db, scope.companyId);
      const job = await copyJob(ctx, { scope, userId: user.id, id: request.params.id, plan });
      return reply.status(201).send({ data: job });
    },
  );

  app.delete(
    '/job/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: ZParams,
        response: { 200: data(z.object({ _id: z.string(), activeJobs: z.number().int() })) },
      },
    },
    async (request) => ({
      data: await deleteJob(ctx, { scope: await scopeOf(request), id: request.params.id }),
    }),
  );

  app.post(
    '/job/:id/short',
    { preValidation: signedIn, schema: { tags, params: ZParams, response: { 200: data(ZJobShortInfo) } } },
    async (request) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      return { data: await jobShortInfo(ctx, { scope, userId: user.id, id: request.params.id }) };
    },
  );

  app.post(
    '/short-url',
    {
      preValidation: signedIn,
      schema: { tags, body: ZShortUrlRequest, response: { 201: data(ZShortUrlAnswer) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await scopeOf(request);
      const link = await createShortUrl(ctx, {
        scope,
        userId: user.id,
        redirectURL: request.body.redirectURL,
      });
      return reply.status(201).send({ data: link });
    },
  );
};

// spec 1 §7: the short URL is {site}/s/{shortId}; registered at the root, not under /api.
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/s/:shortId',
    { schema: { hide: true, params: z.object({ shortId: z.string() }) } },
    async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const search = queryAt >= 0 ? request.url.slice(queryAt) : '';
      const target = await resolveShortLink(ctx, { shortId: request.params.shortId, search });
      // Issue 23 item 7: 404 whatever asks (a browser gets the app's not-found screen with that status).
      if (!target) return reply.code(404).callNotFound();
      return reply.redirect(target, 302);
    },
  );
};

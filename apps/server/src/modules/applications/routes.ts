import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplicantListQuery,
  ZApplicantListResponse,
  ZApplicantsCsvRequest,
  ZChangeStatusRequest,
  ZHistoryItem,
  ZReengageRequest,
  ZReengageResponse,
  ZSendEventLetterRequest,
  ZSendLetterRequest,
} from '@hirecast/domain/applicants';
import { ZApplicant } from '@hirecast/domain/application';
import { auditActorOf, recordAudit } from '../../lib/privacy-audit.ts';
import { requireUser, resolveCompanyScope, type TCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import { activityRoutes } from './activity-routes.ts';
import { attachmentHeader, exportApplicantsCsv } from './csv.ts';
import { listApplicants } from './list.ts';
import { deleteApplication, getApplicant } from './service.ts';
import { changeStatus, changeStatusWithLetter, reengageApplicants, sendEventLetter } from './status.ts';

const tags = ['applications'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZJobParams = z.object({ jobId: z.string() });
const ZApplicationParams = z.object({ jobId: z.string(), id: z.string() });
// Signed-in check before the body is validated, so an anonymous caller always gets 401.
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 2 §7 Applications, under /api. Thin: validate, resolve the company (tenancy), call the service. Every
// write of a viewer answers 403 (spec 2 §6) except notes and marks (activity-routes.ts).
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const caller = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });
  // Issue 26 item 4: views, status changes and erasures of a candidate are recorded with who and from where.
  const audit = (
    request: FastifyRequest,
    scope: TCompanyScope,
    applicationId: string,
    action: 'view' | 'status_change',
    details?: { status?: string; mode?: string },
  ) =>
    recordAudit(ctx.db, {
      companyId: scope.companyId,
      applicationId,
      action,
      actor: auditActorOf(requireUser(request)),
      ip: request.ip,
      details,
    });

  app.get(
    '/job/candidate/:id',
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: data(ZApplicant) } },
    },
    async (request) => {
      const { scope } = await caller(request);
      const applicant = await getApplicant(ctx, { scope, id: request.params.id });
      await audit(request, scope, applicant._id, 'view');
      return { data: applicant };
    },
  );

  app.get(
    '/job/:jobId/applications',
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'spec 2 §4: filter by status, search the full name or email, sort, page; per-status statistic.',
        params: ZJobParams,
        querystring: ZApplicantListQuery,
        response: { 200: data(ZApplicantListResponse) },
      },
    },
    async (request) => {
      const { scope } = await caller(request);
      return {
        data: await listApplicants(ctx, { scope, jobId: request.params.jobId, query: request.query }),
      };
    },
  );

  app.patch(
    '/job/:jobId/application/:id/status',
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        params: ZApplicationParams,
        body: ZChangeStatusRequest,
        response: { 200: data(ZApplicant) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const { status } = request.body.data;
      const applicant = await changeStatus(ctx, { scope, user, ...request.params, status });
      await audit(request, scope, applicant._id, 'status_change', { status });
      return { data: applicant };
    },
  );

  app.patch(
    '/job/:jobId/application/:id/send',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'applicantLetter'),
      schema: {
        tags,
        description: 'Changes the status and emails the candidate the letter.',
        params: ZApplicationParams,
        body: ZSendLetterRequest,
        response: { 200: data(ZApplicant) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const applicant = await changeStatusWithLetter(ctx, {
        scope,
        user,
        ...request.params,
        body: request.body,
      });
      await audit(request, scope, applicant._id, 'status_change', { status: request.body.status });
      return { data: applicant };
    },
  );

  app.patch(
    '/job/:jobId/application/:id/send/letter',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'applicantLetter'),
      schema: {
        tags,
        description: 'Sends the letter of an earlier history event without changing the status.',
        params: ZApplicationParams,
        body: ZSendEventLetterRequest,
        response: { 200: data(ZHistoryItem) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return { data: await sendEventLetter(ctx, { scope, user, ...request.params, ...request.body }) };
    },
  );

  app.post(
    '/job/:jobId/application/send-reengaging',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'reengage'),
      schema: {
        tags,
        params: ZJobParams,
        body: ZReengageRequest,
        response: { 200: data(ZReengageResponse) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const { jobId } = request.params;
      return { data: await reengageApplicants(ctx, { scope, user, jobId, body: request.body }) };
    },
  );

  app.delete(
    '/job/:jobId/application/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'Deletes the application with its CV and video. Under legal hold: 409, naming the hold, and nothing changes.',
        params: ZApplicationParams,
        response: { 200: data(z.object({ message: z.string() })) },
      },
    },
    async (request) => {
      const { scope } = await caller(request);
      // The erasure is recorded with the deletion, in its transaction: the event outlives the application (its
      // person cleared), and a refused delete (legal hold) records nothing.
      const result = await deleteApplication(ctx, {
        scope,
        ...request.params,
        audit: { actor: auditActorOf(requireUser(request)), ip: request.ip },
      });
      return { data: result };
    },
  );

  app.post(
    '/job/:id/applicants/csv',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: "The job's applicants as '{job title} applicants.csv' (text/csv attachment).",
        params: z.object({ id: z.string() }),
        body: ZApplicantsCsvRequest.default({}),
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const { scope } = await caller(request);
      const { fileName, csv } = await exportApplicantsCsv(ctx, {
        scope,
        jobId: request.params.id,
        body: request.body,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  await app.register(activityRoutes);
};

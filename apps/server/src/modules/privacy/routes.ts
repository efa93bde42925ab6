import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@hirecast/domain/messages';
import {
  RETENTION_ACTIONS,
  ZAccessRequest,
  ZApplicationPrivacy,
  ZAuditPage,
  ZAuditQuery,
  ZCandidateApplicationSummary,
  ZEmailSearchQuery,
  ZEraseRequest,
  ZExportAccepted,
  ZExportRequest,
  ZLegalHoldRequest,
  ZPrivacySettings,
  ZRetentionPreview,
  ZRetentionRules,
  ZUpdatePrivacySettingsRequest,
} from '@hirecast/domain/privacy';
import { auditActorOf, recordAudit } from '../../lib/privacy-audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { attachmentHeader } from '../job-share/index.ts';
import { auditCsv, listAudit } from './audit.ts';
import { eraseApplication } from './erase.ts';
import { requestExport } from './export.ts';
import {
  assertAdmin,
  findApplicationsByEmail,
  getApplicationPrivacy,
  getPrivacySettings,
  previewPrivacyRules,
  setLegalHold,
  updatePrivacySettings,
} from './service.ts';

const tags = ['privacy'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZId = z.object({ id: z.string().max(64) });
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// Issue 26: Settings › Privacy (admins), the applicant page's privacy panel and audit, subject access requests.
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Every route acts for the signed-in caller in one of their companies: signed in is checked before the
  // request is validated (401 first), the company after it (a malformed request answers 400 before a 404).
  // Routes for the company's admins only add `preHandler: adminsOnly`; the others' rules live in their service
  // functions.
  app.addHook('preValidation', signedIn);
  app.addHook('preHandler', async (request) => void (await resolveCompanyScope(ctx, request)));
  const caller = (request: FastifyRequest) => {
    const { user, scope } = request;
    if (!user || !scope) throw new AppError('UNAUTHORIZED', messages.unauthorized);
    return { user, scope };
  };
  const adminsOnly = async (request: FastifyRequest) => assertAdmin(caller(request).scope);
  // Legal hold on (a reason) or off (null).
  const hold = (request: FastifyRequest, id: string, reason: string | null) => {
    const { user, scope } = caller(request);
    return setLegalHold(ctx, { scope, user, id, reason, ip: request.ip });
  };

  app.get(
    '/privacy/settings',
    {
      schema: {
        tags,
        description: 'Retention rules and privacy policy link (admins).',
        response: { 200: data(ZPrivacySettings) },
      },
    },
    async (request) => ({ data: await getPrivacySettings(ctx.db, caller(request).scope) }),
  );

  app.put(
    '/privacy/settings',
    {
      schema: { tags, body: ZUpdatePrivacySettingsRequest, response: { 200: data(ZPrivacySettings) } },
    },
    async (request) => ({
      data: await updatePrivacySettings(ctx.db, caller(request).scope, request.body),
    }),
  );

  app.post(
    '/privacy/preview',
    {
      schema: {
        tags,
        description:
          'How many applications the next nightly run would warn and act on under these (unsaved) rules.',
        body: ZRetentionRules,
        response: { 200: data(ZRetentionPreview) },
      },
    },
    async (request) => ({
      data: await previewPrivacyRules(ctx.db, caller(request).scope, request.body),
    }),
  );

  app.get(
    '/privacy/audit',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        description:
          "The company's audit of candidate data (admins): JSON pages of 50, or CSV with format=csv.",
        querystring: ZAuditQuery,
        response: { 200: z.union([data(ZAuditPage), z.string().describe('text/csv')]) },
      },
    },
    async (request, reply) => {
      const { scope } = caller(request);
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader('privacy audit.csv'))
          .header('cache-control', 'no-store')
          .send(await auditCsv(ctx.db, { companyId: scope.companyId, query: request.query }));
      return { data: await listAudit(ctx.db, { companyId: scope.companyId, query: request.query }) };
    },
  );

  app.get(
    '/privacy/applications',
    {
      schema: {
        tags,
        description: "Every application of one email address across the company's jobs (admins).",
        querystring: ZEmailSearchQuery,
        response: { 200: data(z.array(ZCandidateApplicationSummary)) },
      },
    },
    async (request) => ({
      data: await findApplicationsByEmail(ctx.db, caller(request).scope, request.query.email),
    }),
  );

  app.post(
    '/privacy/applications/export',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        description:
          'Subject access request: a ZIP of the applications, emailed to the admin by an expiring link.',
        body: ZExportRequest,
        response: { 202: data(ZExportAccepted) },
      },
    },
    async (request, reply) => {
      const { user, scope } = caller(request);
      const accepted = await requestExport(ctx, {
        companyId: scope.companyId,
        applicationIds: request.body.applicationIds,
        deliverTo: user.email,
        requestedBy: user.id,
        actor: auditActorOf(user),
        ip: request.ip,
      });
      return reply.status(202).send({ data: accepted });
    },
  );

  app.post(
    '/privacy/applications/erase',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        description: 'Anonymises or deletes the applications now (admins); those on legal hold are kept.',
        body: ZEraseRequest.extend({ mode: z.enum(RETENTION_ACTIONS) }),
        response: {
          200: data(
            z.object({ erased: z.number().int(), held: z.number().int(), missing: z.number().int() }),
          ),
        },
      },
    },
    async (request) => {
      const { user, scope } = caller(request);
      const counts = { erased: 0, held: 0, missing: 0 };
      for (const applicationId of new Set(request.body.applicationIds)) {
        const outcome = await eraseApplication(ctx, {
          companyId: scope.companyId,
          applicationId,
          mode: request.body.mode,
          actor: auditActorOf(user),
          ip: request.ip,
        });
        if (outcome === 'held') counts.held += 1;
        else if (outcome === 'missing') counts.missing += 1;
        else counts.erased += 1;
      }
      return { data: counts };
    },
  );

  app.get(
    '/privacy/application/:id',
    {
      schema: { tags, params: ZId, response: { 200: data(ZApplicationPrivacy) } },
    },
    async (request) => ({
      data: await getApplicationPrivacy(ctx.db, caller(request).scope, request.params.id),
    }),
  );

  app.put(
    '/privacy/application/:id/hold',
    {
      schema: {
        tags,
        description: 'Legal hold: the application is kept, whatever the rules, until released (admins).',
        params: ZId,
        body: ZLegalHoldRequest,
        response: { 200: data(ZApplicationPrivacy) },
      },
    },
    async (request) => ({ data: await hold(request, request.params.id, request.body.reason) }),
  );

  app.delete(
    '/privacy/application/:id/hold',
    {
      schema: {
        tags,
        description:
          'Releases the legal hold (admins). When the candidate asked to delete their data while it was held, ' +
          'the application is deleted now and the answer has erasedOnRelease: true.',
        params: ZId,
        response: { 200: data(ZApplicationPrivacy) },
      },
    },
    async (request) => ({ data: await hold(request, request.params.id, null) }),
  );

  app.get(
    '/privacy/application/:id/audit',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        description: "One applicant's audit (admins).",
        params: ZId,
        querystring: ZAuditQuery.omit({ applicationId: true, format: true }),
        response: { 200: data(ZAuditPage) },
      },
    },
    async (request) => {
      const { scope } = caller(request);
      await getApplicationPrivacy(ctx.db, scope, request.params.id);
      return {
        data: await listAudit(ctx.db, {
          companyId: scope.companyId,
          query: { ...request.query, applicationId: request.params.id, format: 'json' },
        }),
      };
    },
  );

  app.post(
    '/privacy/application/:id/access',
    {
      schema: {
        tags,
        description:
          "Records that the caller played the candidate's video or opened their CV (the app reports it).",
        params: ZId,
        body: ZAccessRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, scope } = caller(request);
      await getApplicationPrivacy(ctx.db, scope, request.params.id);
      await recordAudit(ctx.db, {
        companyId: scope.companyId,
        applicationId: request.params.id,
        action: request.body.what,
        actor: auditActorOf(user),
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};

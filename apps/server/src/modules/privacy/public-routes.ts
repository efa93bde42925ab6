import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { applications } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { ZExportAccepted } from '@hirecast/domain/privacy';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/email-layout.ts';
import { ACTOR_CANDIDATE_NAME } from './names.ts';
import { hashToken } from '../../lib/tokens.ts';
import { exportDownloadUrl, requestExport } from './export.ts';
import { keepApplication } from './retention.ts';

const tags = ['public'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZTokenParams = z.object({ token: z.string().max(200) });
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

// Issue 26, the candidate's side: "Download my data" from the private link, the emailed download link, and the
// one-click "Keep my application" link. Every token is a path segment that lib/request-log.ts redacts.
export const privacyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const perIp = (max: number, timeWindow: string) => ({
    rateLimit: ctx.config.rateLimitDisabled ? (false as const) : { max, timeWindow },
  });

  app.post(
    '/public/application/:token/export',
    {
      schema: {
        tags,
        description:
          'Download my data: a ZIP of everything held is prepared and its link emailed to the candidate.',
        params: ZTokenParams,
        response: { 202: data(ZExportAccepted) },
      },
      config: perIp(10, '1 hour'),
    },
    async (request, reply) => {
      const { token } = request.params;
      const [application] = TOKEN.test(token)
        ? await ctx.db
            .select({ id: applications.id, companyId: applications.companyId, email: applications.email })
            .from(applications)
            .where(eq(applications.manageTokenHash, hashToken(token)))
        : [];
      if (!application) throw new AppError('NOT_FOUND', applyMessages.linkInvalid404);
      const accepted = await requestExport(ctx, {
        companyId: application.companyId,
        applicationIds: [application.id],
        deliverTo: application.email,
        requestedBy: null,
        actor: { id: null, name: ACTOR_CANDIDATE_NAME },
        ip: request.ip,
      });
      return reply.status(202).send({ data: accepted });
    },
  );

  app.get(
    '/public/data-export/:token',
    {
      schema: {
        tags,
        description:
          'The emailed download link of a data export: redirects to the ZIP while the link lasts (7 days).',
        params: ZTokenParams,
      },
      config: perIp(30, '10 minutes'),
    },
    async (request, reply) => {
      const url = await exportDownloadUrl(ctx, request.params.token);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    '/public/keep/:token',
    {
      schema: {
        tags,
        description:
          "Keep my application: renews the consent for the rule's months (the link of the warning email).",
        params: ZTokenParams,
        response: {
          200: data(z.object({ companyName: z.string(), until: z.string(), months: z.number().int() })),
        },
      },
      config: perIp(30, '10 minutes'),
    },
    async (request) => ({ data: await keepApplication(ctx, request.params.token) }),
  );
};

/**
 * GET /keep/:token, the link in the warning email: one click renews (email scanners that fetch links renew too,
 * which errs on the side of keeping) and answers a short page.
 */
export const keepPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/keep/:token',
    {
      schema: { hide: true, params: ZTokenParams },
      config: { rateLimit: ctx.config.rateLimitDisabled ? false : { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      let heading: string;
      let text: string;
      let status = 200;
      try {
        const kept = await keepApplication(ctx, request.params.token);
        const until = new Intl.DateTimeFormat('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date(kept.until));
        heading = 'Thank you, your application is kept';
        text = `${kept.companyName} will keep your application until ${until}.`;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        status = 404;
        heading = 'This link is no longer valid';
        text = err.message;
      }
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head><body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
      return reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    },
  );
};

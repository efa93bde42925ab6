import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { applications } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { ZExportAccepted } from '@hirecast/domain/privacy';
import { AppError } from '../../lib/app-error.ts';
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
          "The data export's download (the button of the emailed link's page, /data-export/{token}): redirects to the ZIP while the link lasts (7 days).",
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
          200: data(
            z.object({
              companyName: z.string(),
              until: z.string(),
              months: z.number().int(),
              // Issue 33 item 7: the link was opened before; nothing was renewed again.
              alreadyKept: z.boolean(),
            }),
          ),
        },
      },
      config: perIp(30, '10 minutes'),
    },
    async (request) => {
      const { companyName, until, months, alreadyKept } = await keepApplication(ctx, request.params.token);
      return { data: { companyName, until, months, alreadyKept } };
    },
  );
};

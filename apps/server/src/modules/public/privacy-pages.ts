import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { companies } from '@hirecast/db/schema';
import {
  privacyPageMessages,
  type TExportOutcome,
  type TKeepOutcome,
  type TSiteBrand,
} from '@hirecast/domain/privacy-pages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { publicUrl } from '../assets/index.ts';
import { exportDownloadPath, exportLinkState, keepApplication } from '../privacy/index.ts';
import type { TSitePages } from './pages.ts';

const ZTokenParams = z.object({ token: z.string().max(200) });

/** The company's name, logo and colours for a page's header. */
async function brandOf(
  ctx: Pick<TContext, 'db' | 'storage'>,
  companyId: string | null,
): Promise<TSiteBrand | null> {
  if (!companyId) return null;
  const [company] = await ctx.db
    .select({
      name: companies.name,
      logo: companies.logo,
      primaryColor: companies.primaryColor,
      backgroundColor: companies.backgroundColor,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  return { ...company, logo: (await publicUrl(ctx, company.logo)) ?? null };
}

const formatDay = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

const page = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);

/**
 * Issue 33 item 7: the pages behind the privacy emails' links, rendered by the candidate site with the company's
 * name and logo. Each token is the only key: never cached, indexed or sent on as a referrer, and redacted in the
 * request log (lib/request-log.ts).
 */
export const privacyPageRoutes: FastifyPluginAsyncZod<{ pages: TSitePages }> = async (app, { pages }) => {
  const { ctx } = app;
  const perIp = {
    rateLimit: ctx.config.rateLimitDisabled ? (false as const) : { max: 30, timeWindow: '10 minutes' },
  };

  // GET /keep/{token}, the warning email's one-click link (decision 029: a GET renews, so that a mail scanner that
  // follows it errs on the side of keeping). Opened again it says until when the application is kept.
  app.get(
    '/keep/:token',
    { schema: { hide: true, params: ZTokenParams }, config: perIp },
    async (request, reply) => {
      let outcome: TKeepOutcome;
      let companyId: string | null = null;
      try {
        const kept = await keepApplication(ctx, request.params.token);
        companyId = kept.companyId;
        outcome = {
          state: kept.alreadyKept ? 'already-kept' : 'kept',
          companyName: kept.companyName,
          untilDay: kept.untilDay,
        };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcome = { state: 'invalid', text: err.message };
      }
      const status = outcome.state === 'invalid' ? 404 : 200;
      return page(reply, status, await pages.keep({ brand: await brandOf(ctx, companyId), outcome }));
    },
  );

  // GET /data-export/{token}, the "your data is ready" email's link: a page with the download button (the file
  // itself comes from /api/public/data-export/{token}, a short signed URL).
  app.get(
    '/data-export/:token',
    { schema: { hide: true, params: ZTokenParams }, config: perIp },
    async (request, reply) => {
      const { token } = request.params;
      const state = await exportLinkState(ctx, token);
      const outcome: TExportOutcome = state.ready
        ? { state: 'ready', downloadUrl: exportDownloadPath(token), expiresDay: formatDay(state.expiresAt) }
        : { state: 'invalid', text: privacyPageMessages.exportLinkInvalid };
      return page(
        reply,
        state.ready ? 200 : 404,
        await pages.dataExport({ brand: await brandOf(ctx, state.companyId), outcome }),
      );
    },
  );
};

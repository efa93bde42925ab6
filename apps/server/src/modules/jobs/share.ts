import { eq } from 'drizzle-orm';
import { companies, jobs, shortUrls } from '@hirecast/db/schema';
import { buildSharePath, buildShareUrl, buildShortUrl } from '@hirecast/domain/share-url';
import type { TJobShortInfo } from '@hirecast/domain/job';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { companyName, findJob } from './service.ts';
import { newShortId, retryOnShortIdClash, SHORT_ID_PATTERN } from './short-id.ts';

// spec 1 §7 POST /job/{id}/short: the share dialogs' short info; the share URL carries the caller's id.
export async function jobShortInfo(
  ctx: TContext,
  { scope, userId, id }: { scope: TCompanyScope; userId: string; id: string },
): Promise<TJobShortInfo> {
  const job = await findJob(ctx.db, scope, id);
  const shareUrl = buildShareUrl({
    site: ctx.config.publicUrl,
    city: job.location?.city,
    companyName: await companyName(ctx.db, scope.companyId),
    title: job.title,
    shortId: job.shortId,
    userId,
  });
  return { _id: job.id, title: job.title, shortId: job.shortId, status: job.status, shareUrl };
}

// spec 1 §7 POST /short-url {redirectURL}; the short URL is {site}/s/{shortId}.
export async function createShortUrl(
  ctx: TContext,
  { scope, userId, redirectURL }: { scope: TCompanyScope; userId: string; redirectURL: string },
) {
  const row = await retryOnShortIdClash('short_urls_pkey', async () => {
    const [created] = await ctx.db
      .insert(shortUrls)
      .values({
        shortId: newShortId(),
        redirectUrl: redirectURL,
        companyId: scope.companyId,
        createdBy: userId,
      })
      .returning();
    return created!;
  });
  return { shortId: row.shortId, shortUrl: buildShortUrl(ctx.config.publicUrl, row.shortId) };
}

/**
 * Where /s/{shortId} leads: a job's public page (the incoming query string kept, so UTM values pass through
 * only when the short link carried them), else a short URL's target; null when neither exists.
 */
export async function resolveShortLink(
  ctx: TContext,
  { shortId, search }: { shortId: string; search: string },
) {
  if (!SHORT_ID_PATTERN.test(shortId)) return null;
  const [job] = await ctx.db
    .select({
      shortId: jobs.shortId,
      title: jobs.title,
      location: jobs.location,
      companyName: companies.name,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.shortId, shortId))
    .limit(1);
  if (job) {
    const path = buildSharePath({
      city: job.location?.city,
      companyName: job.companyName,
      title: job.title,
      shortId: job.shortId,
    });
    return `${path}${search}`;
  }
  const [link] = await ctx.db.select().from(shortUrls).where(eq(shortUrls.shortId, shortId)).limit(1);
  return link?.redirectUrl ?? null;
}

import { and, eq } from 'drizzle-orm';
import { companies, jobs, shortUrls } from '@hirecast/db/schema';
import {
  buildCareerPagePath,
  buildSharePath,
  buildShareUrl,
  buildShortUrl,
  shortIdOfJobPath,
} from '@hirecast/domain/share-url';
import type { TJobShortInfo } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { publiclyVisible } from '../assets/index.ts';
import { referralTokenFor } from '../sharing/index.ts';
import { assertCanShare } from './policy.ts';
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
    // Issue 16: copy link, social, email and short links all start from this URL, so all carry the sharer.
    referralToken: await referralTokenFor(ctx.db, { companyId: scope.companyId, userId }),
  });
  return { _id: job.id, title: job.title, shortId: job.shortId, status: job.status, shareUrl };
}

/**
 * Where a short link of the company may lead: one of its own job pages or its career page, on our own site.
 * Anything else is refused, so /s/{id} on our domain cannot send anyone to another site (phishing). Answers
 * the path to keep (a job's canonical address, with the query and fragment that came with it).
 */
async function shortLinkTarget(
  ctx: TContext,
  { companyId, redirectURL }: { companyId: string; redirectURL: string },
) {
  const refused = () =>
    new AppError('VALIDATION', jobMessages.shortUrlNotAllowed, {
      redirectURL: jobMessages.shortUrlNotAllowed,
    });
  const site = new URL(ctx.config.publicUrl);
  const url = URL.canParse(redirectURL) ? new URL(redirectURL) : null;
  if (!url || url.origin !== site.origin || url.username || url.password) throw refused();
  const [company] = await ctx.db
    .select({ name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw refused();
  const rest = `${url.search}${url.hash}`;
  const path = url.pathname.replace(/\/+$/, '');
  if (path === buildCareerPagePath(company.slug)) return `${path}${rest}`;
  const shortId = shortIdOfJobPath(url.pathname);
  if (!shortId) throw refused();
  const [job] = await ctx.db
    .select({ shortId: jobs.shortId, title: jobs.title, location: jobs.location })
    .from(jobs)
    .where(and(eq(jobs.shortId, shortId), eq(jobs.companyId, companyId)));
  if (!job) throw refused();
  const canonical = buildSharePath({
    city: job.location?.city,
    companyName: company.name,
    title: job.title,
    shortId: job.shortId,
  });
  return `${canonical}${rest}`;
}

// spec 1 §7 POST /short-url {redirectURL}; the short URL is {site}/s/{shortId}. Viewers are read-only (§6).
export async function createShortUrl(
  ctx: TContext,
  { scope, userId, redirectURL }: { scope: TCompanyScope; userId: string; redirectURL: string },
) {
  assertCanShare(scope);
  const target = await shortLinkTarget(ctx, { companyId: scope.companyId, redirectURL });
  const row = await retryOnShortIdClash('short_urls_pkey', async () => {
    const [created] = await ctx.db
      .insert(shortUrls)
      .values({
        shortId: newShortId(),
        redirectUrl: target,
        companyId: scope.companyId,
        createdBy: userId,
      })
      .returning();
    return created!;
  });
  return { shortId: row.shortId, shortUrl: buildShortUrl(ctx.config.publicUrl, row.shortId) };
}

/**
 * A stored short link's target, as a path of our own site; null for one that leads elsewhere (links made before
 * short links were held to the company's own pages are not followed).
 */
function ownSitePath(ctx: TContext, stored: string): string | null {
  if (stored.startsWith('/') && !stored.startsWith('//') && !stored.startsWith('/\\')) return stored;
  if (!URL.canParse(stored)) return null;
  const url = new URL(stored);
  return url.origin === new URL(ctx.config.publicUrl).origin
    ? `${url.pathname}${url.search}${url.hash}`
    : null;
}

async function isPublicJob(ctx: TContext, shortId: string) {
  const [job] = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.shortId, shortId), publiclyVisible()))
    .limit(1);
  return Boolean(job);
}

/**
 * Where /s/{shortId} leads: a public job's page (the incoming query string kept, so UTM values pass through
 * only when the short link carried them), else a short URL's target (a job's page only while that job is
 * public); null when neither exists.
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
    .where(and(eq(jobs.shortId, shortId), publiclyVisible()))
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
  // A job's own short id never falls through to a short URL (the two share one id space).
  const [draft] = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.shortId, shortId)).limit(1);
  if (draft) return null;
  const [link] = await ctx.db.select().from(shortUrls).where(eq(shortUrls.shortId, shortId)).limit(1);
  const path = link ? ownSitePath(ctx, link.redirectUrl) : null;
  const linkedJob = path ? shortIdOfJobPath(path.split(/[?#]/)[0]!) : null;
  if (linkedJob && !(await isPublicJob(ctx, linkedJob))) return null;
  return path;
}

import { and, desc, eq, exists, ne, or, sql } from 'drizzle-orm';
import { companies, companyPages, jobs } from '@hirecast/db/schema';
import {
  buildCompanyPagePath,
  buildStoryPath,
  SAMPLES_COMPANY_SLUG,
} from '@hirecast/domain/company-page-rules';
import { buildSharePath } from '@hirecast/domain/share-url';
import type { TContext } from '../../lib/context.ts';
import { listPublicStories } from './company-page.ts';
import { escapeHtml } from './html.ts';

// The sitemap protocol allows 50,000 addresses per file; a sitemap index comes when one company needs more.
const SITEMAP_MAX = 50_000;

/**
 * Issue 15: the company pages (a company with an open job or a page of its own) and their stories. The page's
 * last change is the later of the page's and the company's.
 */
async function companyPageUrls(ctx: Pick<TContext, 'db' | 'config'>) {
  const site = ctx.config.publicUrl;
  const rows = await ctx.db
    .select({
      slug: companies.slug,
      companyUpdatedAt: companies.updatedAt,
      pageUpdatedAt: companyPages.updatedAt,
    })
    .from(companies)
    .leftJoin(companyPages, eq(companyPages.companyId, companies.id))
    .where(
      and(
        ne(companies.slug, SAMPLES_COMPANY_SLUG),
        or(
          sql`${companyPages.id} is not null`,
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(jobs)
              .where(and(eq(jobs.companyId, companies.id), eq(jobs.status, 'open'))),
          ),
        ),
      ),
    )
    .limit(SITEMAP_MAX / 2);
  const stories = await listPublicStories(ctx);
  const entry = (path: string, at: Date) =>
    `<url><loc>${escapeHtml(`${site}${path}`)}</loc><lastmod>${at.toISOString()}</lastmod></url>`;
  return [
    ...rows.map((r) =>
      entry(
        buildCompanyPagePath(r.slug),
        r.pageUpdatedAt && r.pageUpdatedAt > r.companyUpdatedAt ? r.pageUpdatedAt : r.companyUpdatedAt,
      ),
    ),
    ...stories.filter((s) => s.slug).map((s) => entry(buildStoryPath(s.companySlug, s.slug!), s.updatedAt)),
  ];
}

/** sitemap.xml: every open job's page, absolute, with its last change; then the company pages and stories. */
export async function buildSitemap(ctx: Pick<TContext, 'db' | 'config'>): Promise<string> {
  const rows = await ctx.db
    .select({
      shortId: jobs.shortId,
      title: jobs.title,
      location: jobs.location,
      updatedAt: jobs.updatedAt,
      companyName: companies.name,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.status, 'open'))
    .orderBy(desc(jobs.updatedAt))
    .limit(SITEMAP_MAX);
  const site = ctx.config.publicUrl;
  const urls = rows.map((row) => {
    const path = buildSharePath({
      city: row.location?.city,
      companyName: row.companyName,
      title: row.title,
      shortId: row.shortId,
    });
    return `<url><loc>${escapeHtml(`${site}${path}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}${(await companyPageUrls(ctx)).join('')}</urlset>\n`
  );
}

/** robots.txt: job pages are for search engines; previews, candidates' pages and the API are not. */
export const buildRobots = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /job/',
    'Allow: /company/',
    'Disallow: /preview/',
    'Disallow: /application/',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

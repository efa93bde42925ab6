import { desc, eq } from 'drizzle-orm';
import { companies, jobs } from '@hirecast/db/schema';
import { buildSharePath } from '@hirecast/domain/share-url';
import type { TContext } from '../../lib/context.ts';
import { escapeHtml } from './html.ts';

// The sitemap protocol allows 50,000 addresses per file; a sitemap index comes when one company needs more.
const SITEMAP_MAX = 50_000;

/** sitemap.xml: every open job's page, absolute, with its last change. */
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
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
  );
}

/** robots.txt: job pages are for search engines; previews, candidates' pages and the API are not. */
export const buildRobots = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /job/',
    'Disallow: /preview/',
    'Disallow: /application/',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

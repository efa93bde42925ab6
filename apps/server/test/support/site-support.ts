import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies, videoAssets } from '@hirecast/db/schema';
import { createCompany, createJob } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import { buildSharePath } from '@hirecast/domain/share-url';

// Shared by the public-*.test.ts and site-*.test.ts files: open jobs made with the factories, and readers
// for the HTML the site serves.

export const SITE_TEST_ENV = {
  // No site build in these tests: pages get the server's fallback body (site-bundle.test.ts covers a build).
  SITE_DIST_DIR: '/nonexistent/hirecast-site-dist',
};

type TJobOverrides = Partial<Parameters<typeof createJob>[1]>;
type TCompanyOverrides = Parameters<typeof createCompany>[1];

/** An open job (of a fresh company unless `companyId` is given), with its public path. */
export async function openJob(db: TDb, job: TJobOverrides = {}, company: TCompanyOverrides = {}) {
  const companyRow = job.companyId
    ? (await db.select().from(companies).where(eq(companies.id, job.companyId)))[0]!
    : await createCompany(db, company);
  const row = await createJob(db, {
    status: 'open',
    publishedAt: new Date('2025-03-01T09:00:00.000Z'),
    ...job,
    companyId: companyRow.id,
  });
  const path = buildSharePath({
    city: row.location?.city,
    companyName: companyRow.name,
    title: row.title,
    shortId: row.shortId,
  });
  return { company: companyRow, job: row, path };
}

/** A processed library video of the company (storage keys, as the pipeline leaves them). */
export async function hostedVideo(db: TDb, companyId: string, overrides: { duration?: number } = {}) {
  const base = `uploads/${companyId}/${randomUUID()}`;
  const [row] = await db
    .insert(videoAssets)
    .values({
      companyId,
      title: 'Meet the team',
      fileName: 'team.mp4',
      status: 'prepared',
      originalKey: `${base}.mp4`,
      data: {
        videoMp4Url: `${base}-480p.mp4`,
        videoMp4Url_720p: `${base}-720p.mp4`,
        image640: `${base}-640.jpg`,
      },
      width: 1280,
      height: 720,
      duration: overrides.duration ?? 30,
    })
    .returning();
  return row!;
}

const unescapeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The parsed JSON-LD blocks of a page. */
export const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );

/** The content of `<meta property|name="{key}">`, unescaped; undefined when absent. */
export function metaOf(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(
    html,
  );
  return m ? unescapeHtml(m[1]!) : undefined;
}

export const titleOf = (html: string) => unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

/** The page data handed to hydration (`<script id="site-data">`). */
export const siteDataOf = (html: string) =>
  JSON.parse(/<script id="site-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    kind: string;
    preview?: boolean;
    job?: Record<string, unknown>;
    application?: Record<string, unknown>;
  };

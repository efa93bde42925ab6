import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { companies, companyPages } from '@hirecast/db/schema';
import { companyPageBlocks, imageAssets, jobs, videoAssets } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, SOCIAL_TYPES } from '@hirecast/domain/constants';
import type { TCompanyPageCompany, TCompanyPageJob } from '@hirecast/domain/company-page';
import type { TJobLocation } from '@hirecast/domain/job';
import { buildSharePath } from '@hirecast/domain/share-url';

export type TPageRow = typeof companyPages.$inferSelect;
export type TBlockRow = typeof companyPageBlocks.$inferSelect;
export type TCompanyRow = typeof companies.$inferSelect;
export type TVideoRow = typeof videoAssets.$inferSelect;
export type TImageRow = typeof imageAssets.$inferSelect;

/** Everything one company page shows, read in a few queries; shared by the editor's answer and the public page. */
export type TPageData = {
  company: TCompanyRow;
  page: TPageRow;
  blocks: TBlockRow[];
  videos: Map<string, TVideoRow>;
  images: Map<string, TImageRow>;
  jobs: TCompanyPageJob[];
};

type TJobRow = typeof jobs.$inferSelect;

export function toPageJob(row: TJobRow, companyName: string): TCompanyPageJob {
  return {
    _id: row.id,
    shortId: row.shortId,
    title: row.title,
    employmentType: row.employmentType as TCompanyPageJob['employmentType'],
    locationType: row.locationType as TCompanyPageJob['locationType'],
    location: row.hideLocation ? null : ((row.location as TJobLocation | null) ?? null),
    hideLocation: row.hideLocation,
    salary: row.salary as TCompanyPageJob['salary'],
    status: 'open',
    path: buildSharePath({ city: row.location?.city, companyName, title: row.title, shortId: row.shortId }),
  };
}

/** spec 3 §4: only open jobs appear, in the order the jobs list has them. */
export async function openJobsOf(db: TDb, company: TCompanyRow) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, company.id), eq(jobs.status, 'open')))
    .orderBy(desc(jobs.isFirstJob), asc(jobs.order), desc(jobs.publishedAt), asc(jobs.createdAt))
    .limit(200);
  return rows.map((row) => toPageJob(row, company.name));
}

/** The page's data; `given` blocks (a page not made yet shows its defaults, unsaved) are used instead of a read. */
export async function loadPageData(
  db: TDb,
  page: TPageRow,
  company: TCompanyRow,
  given?: TBlockRow[],
): Promise<TPageData> {
  const blocks =
    given ??
    (await db
      .select()
      .from(companyPageBlocks)
      .where(eq(companyPageBlocks.pageId, page.id))
      .orderBy(asc(companyPageBlocks.sortOrder), asc(companyPageBlocks.id)));
  const videoIds = new Set<string>();
  const imageIds = new Set<string>(page.bannerImageId ? [page.bannerImageId] : []);
  for (const b of blocks) {
    if (b.videoAssetId) videoIds.add(b.videoAssetId);
    if (b.storyVideoId) videoIds.add(b.storyVideoId);
    if (b.imageAssetId) imageIds.add(b.imageAssetId);
  }
  const [videoRows, imageRows, openJobs] = await Promise.all([
    videoIds.size
      ? db
          .select()
          .from(videoAssets)
          .where(and(inArray(videoAssets.id, [...videoIds]), eq(videoAssets.companyId, company.id)))
      : Promise.resolve([]),
    imageIds.size
      ? db
          .select()
          .from(imageAssets)
          .where(and(inArray(imageAssets.id, [...imageIds]), eq(imageAssets.companyId, company.id)))
      : Promise.resolve([]),
    openJobsOf(db, company),
  ]);
  return {
    company,
    page,
    blocks,
    videos: new Map(videoRows.map((v) => [v.id, v])),
    images: new Map(imageRows.map((i) => [i.id, i])),
    jobs: openJobs,
  };
}

export function toPageCompany(company: TCompanyRow): TCompanyPageCompany {
  return {
    _id: company.id,
    name: company.name,
    slug: company.slug,
    logo: company.logo,
    industry: company.industry,
    description: company.description,
    location: company.location,
    info: company.info.filter((l): l is TCompanyPageCompany['info'][number] =>
      (SOCIAL_TYPES as readonly string[]).includes(l.type),
    ),
    primaryColor: company.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    backgroundColor: company.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
  };
}

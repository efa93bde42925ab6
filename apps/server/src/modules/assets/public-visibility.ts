import { and, eq, exists, isNotNull, or, sql } from 'drizzle-orm';
import { companyPageBlocks, jobs, videoAssets } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';

// What the public sees: used by the public site (modules/public), the short links (jobs/share.ts) and the
// engagement beacons (assets/service.ts). It lives in assets, the lowest of the three, so that none of them
// imports a module that imports it back (docs/layers.md).

/**
 * A job the public may see: live, or live once (a closed job's page says it is closed). A job never published is
 * a draft of its team, shown only through the team's preview (/preview/{id}).
 */
export const publiclyVisible = () => or(eq(jobs.status, 'open'), isNotNull(jobs.publishedAt))!;

/**
 * A library video that a public page shows: the video of a job the public may see, or one of its additional
 * videos while the job shows them (spec 1 §3), or a video of the company's page (an asset entry or a story's
 * video, issue 15). Only these may be counted by the players' engagement beacons.
 */
export async function isShownOnPublicPage(db: TDb, assetId: string) {
  return (await isShownOnJobPage(db, assetId)) || (await isShownOnCompanyPage(db, assetId));
}

async function isShownOnCompanyPage(db: TDb, assetId: string) {
  const [row] = await db
    .select({ id: companyPageBlocks.id })
    .from(companyPageBlocks)
    .innerJoin(videoAssets, eq(videoAssets.companyId, companyPageBlocks.companyId))
    .where(
      and(
        eq(videoAssets.id, assetId),
        or(
          eq(companyPageBlocks.videoAssetId, videoAssets.id),
          eq(companyPageBlocks.storyVideoId, videoAssets.id),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function isShownOnJobPage(db: TDb, assetId: string) {
  const [row] = await db
    .select({ id: videoAssets.id })
    .from(videoAssets)
    .where(
      and(
        eq(videoAssets.id, assetId),
        exists(
          db
            .select({ one: sql`1` })
            .from(jobs)
            .where(
              and(
                eq(jobs.companyId, videoAssets.companyId),
                publiclyVisible(),
                or(
                  eq(jobs.videoAssetId, videoAssets.id),
                  and(
                    eq(jobs.showAdditionalVideos, true),
                    sql`${jobs.additionalVideos} @> jsonb_build_array(jsonb_build_object('assetId', ${videoAssets.id}::text))`,
                  ),
                ),
              ),
            ),
        ),
      ),
    );
  return Boolean(row);
}

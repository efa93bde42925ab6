import { count, sql } from 'drizzle-orm';
import type { TDb } from './client.ts';
import { planFeatures, planProducts } from './schema.ts';

type TProductInsert = typeof planProducts.$inferInsert;
type TFeatureInsert = Omit<typeof planFeatures.$inferInsert, 'id' | 'position'>;
export type TPlanCatalogue = { products: TProductInsert[]; features: TFeatureInsert[] };

const JOB_POSTS = 'video-first-job-posts';
const APPLICATIONS = 'video-first-applications';
const COMPLETE = 'video-first-complete';

// The catalogue a fresh install starts with (spec 2 §3 Plan product, §9). Three plans so that every plan gate
// of the product is exercised by one of them: 'Video First Job Posts' has video job posts but not video
// applications (no video intro question, custom question or redirect candidates: spec 1 §6); 'Video First
// Applications' has video applications but blocks adding a video to a job, and is a pre-launch plan (the video
// container is blurred); 'Video First Complete' has both. The job limit is the job count bought. Prices are
// pence per month for that many active jobs; 'more' is a custom plan (Contact us). The price ids are the
// embedded provider's; for Stripe, replace them with your own (docs/billing.md).
export const DEFAULT_PLAN_CATALOGUE: TPlanCatalogue = {
  products: [
    {
      id: JOB_POSTS,
      priceId: 'price_local_video_first_job_posts',
      name: 'Video First Job Posts',
      description: 'Stand out with a video on every job post. Candidates apply with a CV.',
      borderColor: '#2E7D32',
      prices: { '1': 2900, '3': 7500, '5': 11500, '10': 19900, more: null },
      allows: { videoApplications: false, videoJobPosts: true, preLaunch: false },
      position: 0,
    },
    {
      id: APPLICATIONS,
      priceId: 'price_local_video_first_applications',
      name: 'Video First Applications',
      description: 'Meet candidates before the interview: they apply with a video introduction.',
      borderColor: '#1565C0',
      prices: { '1': 3900, '3': 9900, '5': 14900, '10': 25900, more: null },
      allows: { videoApplications: true, videoJobPosts: false, preLaunch: true },
      position: 1,
    },
    {
      id: COMPLETE,
      priceId: 'price_local_video_first_complete',
      name: 'Video First Complete',
      description: 'Video job posts and video applications, for teams that hire all year round.',
      borderColor: '#6A1B9A',
      prices: { '1': 5900, '3': 14900, '5': 21900, '10': 37900, more: null },
      allows: { videoApplications: true, videoJobPosts: true, preLaunch: false },
      position: 2,
    },
  ],
  features: [
    {
      category: 'Job posts',
      name: 'Active jobs',
      description: 'Jobs live at the same time, on top of your first job, which is free forever.',
      plans: [JOB_POSTS, APPLICATIONS, COMPLETE],
      comingSoon: false,
      actionContent: null,
    },
    {
      category: 'Job posts',
      name: 'Video job posts',
      description: 'Add a recorded, uploaded or linked video to a job post.',
      plans: [JOB_POSTS, COMPLETE],
      comingSoon: false,
      actionContent: null,
    },
    {
      category: 'Job posts',
      name: 'Share links and tracking',
      description: 'Short links, social sharing and tracking data for every job.',
      plans: [JOB_POSTS, APPLICATIONS, COMPLETE],
      comingSoon: false,
      actionContent: null,
    },
    {
      category: 'Applications',
      name: 'Video applications',
      description: 'Video intro question, custom question and redirecting candidates to your ATS.',
      plans: [APPLICATIONS, COMPLETE],
      comingSoon: false,
      actionContent: null,
    },
    {
      category: 'Applications',
      name: 'AI CV ranking',
      description: 'Every applicant gets a fit score; shortlist and reject automatically.',
      plans: [JOB_POSTS, APPLICATIONS, COMPLETE],
      comingSoon: false,
      actionContent: null,
    },
    {
      category: 'Support',
      name: 'Dedicated account manager',
      description: 'A person who knows your hiring, for larger teams.',
      plans: [COMPLETE],
      comingSoon: true,
      actionContent: 'Contact us',
    },
  ],
};

/**
 * Replaces the whole catalogue in one transaction (the seed and the admin script). Products are never deleted
 * (subscriptions point at them): one left out is kept for its subscribers and no longer offered. With
 * `onlyIfEmpty` nothing happens when a catalogue exists. An advisory lock keeps two processes starting at
 * once from seeding twice.
 */
export async function replacePlanCatalogue(
  db: TDb,
  catalogue: TPlanCatalogue,
  { onlyIfEmpty = false }: { onlyIfEmpty?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(170017)`);
    if (onlyIfEmpty) {
      const [row] = await tx.select({ n: count() }).from(planProducts);
      if ((row?.n ?? 0) > 0) return false;
    }
    await tx.delete(planFeatures);
    await tx.update(planProducts).set({ offered: false });
    for (const product of catalogue.products) {
      await tx
        .insert(planProducts)
        .values({ ...product, offered: true, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: planProducts.id,
          set: { ...product, offered: true, updatedAt: new Date() },
        });
    }
    if (catalogue.features.length > 0) {
      await tx.insert(planFeatures).values(catalogue.features.map((f, position) => ({ ...f, position })));
    }
    return true;
  });
}

/** Seeds the default catalogue into a database that has none (every start; tests call it too). */
export const seedPlanCatalogue = (db: TDb) =>
  replacePlanCatalogue(db, DEFAULT_PLAN_CATALOGUE, { onlyIfEmpty: true });

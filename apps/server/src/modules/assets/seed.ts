import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { companies, videoAssets } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { newUploadKey } from '../../lib/storage/keys.ts';
import { requestVideoProcessing } from './queue.ts';

// Videos Hirecast makes itself at first start with ffmpeg (no downloads): the onboarding videos, the clips of
// the sample animated videos, the demo company's job video and applicants. One way to own, make, store and
// queue them.

type TSeedCtx = Pick<TContext, 'db' | 'storage' | 'queue' | 'log'>;

/**
 * The company that owns videos shipped with Hirecast (it has no members, so only the routes made for them show
 * its videos): found by its slug, made when missing.
 */
export async function systemCompanyId(
  ctx: Pick<TContext, 'db'>,
  company: { name: string; slug: string; description: string },
): Promise<string> {
  const [found] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, company.slug));
  if (found) return found.id;
  const [created] = await ctx.db
    .insert(companies)
    .values({ ...company, industry: 'Software', location: { country: 'United Kingdom' } })
    .returning({ id: companies.id });
  return created!.id;
}

/** Runs `make` with a fresh temporary folder for ffmpeg's files, removed afterwards whatever happens. */
export async function withSeedFolder<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `hirecast-${name}-`));
  try {
    return await make(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TSeededRow = Omit<typeof videoAssets.$inferInsert, 'companyId' | 'originalKey' | 'data'>;

/**
 * Stores a made video's bytes as a private upload of `companyId`, adds its library row and queues its usual
 * processing (renditions, thumbnails, posters) behind the videos people upload. Answers the asset's id and
 * its original's storage key.
 */
export async function storeSeededVideo(
  ctx: TSeedCtx,
  { companyId, body, row }: { companyId: string; body: Buffer; row: TSeededRow },
): Promise<{ id: string; key: string }> {
  const key = newUploadKey({ ownerId: companyId, ext: 'mp4', isPublic: false });
  await ctx.storage.put({ key, body, contentType: 'video/mp4' });
  const [asset] = await ctx.db
    .insert(videoAssets)
    .values({ ...row, companyId, originalKey: key, data: { videoUrl: key } })
    .returning({ id: videoAssets.id });
  await requestVideoProcessing(ctx, asset!.id, { seeded: true });
  return { id: asset!.id, key };
}

import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  applications,
  companies,
  interviewAnswers,
  interviewSessions,
  interviewTakes,
  jobs,
  videoAssets,
} from '@hirecast/db/schema';
import {
  applyMessages,
  type TApplicationStatus,
  type TCandidateApplication,
} from '@hirecast/domain/application';
import { buildSharePath } from '@hirecast/domain/share-url';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';
import { storedKeys } from '../assets/serialize.ts';
import { ACTOR_CANDIDATE, recordHistory } from '../applications/record-history.ts';

// The candidate's private link (/application/{token}): the token of the confirmation email, found by its
// SHA-256, is the only key to one application. Anything that does not match answers "no longer valid".

/** The shape of `newToken()`: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const linkInvalid = () => new AppError('NOT_FOUND', applyMessages.linkInvalid404);

async function findByToken(ctx: Pick<TContext, 'db'>, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await ctx.db
    .select({
      application: applications,
      job: { title: jobs.title, status: jobs.status, shortId: jobs.shortId, location: jobs.location },
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(eq(applications.manageTokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** What the private link shows, or null when the token matches no application. */
export async function loadCandidateApplication(
  ctx: Pick<TContext, 'db'>,
  token: string,
): Promise<TCandidateApplication | null> {
  const row = await findByToken(ctx, token);
  if (!row) return null;
  const { application: a, job, companyName } = row;
  return {
    _id: a.id,
    status: a.status as TApplicationStatus,
    sentAt: a.sentAt.toISOString(),
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    job: {
      title: job.title,
      companyName,
      url:
        job.status === 'open'
          ? buildSharePath({ city: job.location?.city, companyName, title: job.title, shortId: job.shortId })
          : null,
    },
    hasVideo: a.videoAssetId !== null,
    hasCv: a.cvKey !== null,
  };
}

export async function getCandidateApplication(ctx: Pick<TContext, 'db'>, token: string) {
  const found = await loadCandidateApplication(ctx, token);
  if (!found) throw linkInvalid();
  return found;
}

/** Withdraws the application (spec 2 §4 status withdrawn) whatever its status; again is a no-op. */
export async function withdrawApplication(ctx: Pick<TContext, 'db'>, token: string) {
  const found = await findByToken(ctx, token);
  if (!found) throw linkInvalid();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(applications)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(and(eq(applications.id, found.application.id), ne(applications.status, 'withdrawn')))
      .returning({ id: applications.id });
    // spec 2 §3 History item: the team sees that the candidate withdrew.
    if (changed)
      await recordHistory(tx, {
        applicationId: changed.id,
        actor: { id: null, name: ACTOR_CANDIDATE },
        eventName: 'statusChanged',
        details: { title: 'Status changed to Withdrawn', status: 'withdrawn' },
      });
  });
  return getCandidateApplication(ctx, token);
}

/**
 * Deletes the candidate's data: the application, its CV and its video (the row and every stored rendition).
 * The job's counters stay: they are history, not personal data. The link then answers 404.
 */
export async function deleteCandidateData(ctx: TContext, token: string) {
  if (!TOKEN.test(token)) throw linkInvalid();
  const deleted = await deleteApplicationWithFiles(ctx, eq(applications.manageTokenHash, hashToken(token)));
  if (!deleted) throw linkInvalid();
}

/**
 * Deletes the one application matching `where` with its video asset and its interview's recordings and files,
 * then its stored files; false when none matched. Shared by the candidate's private link and the employer's delete (spec 2 §7).
 */
export async function deleteApplicationWithFiles(ctx: TContext, where: SQL): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: applications.id }).from(applications).where(where).for('update');
    if (!found) return null;
    // Issue 25: the interview's recordings (company videos kept out of the library) and answer files go too.
    const interviewMedia = await tx
      .select({ assetId: interviewTakes.videoAssetId, fileKey: interviewAnswers.fileKey })
      .from(interviewAnswers)
      .innerJoin(interviewSessions, eq(interviewSessions.id, interviewAnswers.sessionId))
      .leftJoin(interviewTakes, eq(interviewTakes.answerId, interviewAnswers.id))
      .where(eq(interviewSessions.applicationId, found.id));
    const [application] = await tx
      .delete(applications)
      .where(eq(applications.id, found.id))
      .returning({ cvKey: applications.cvKey, videoAssetId: applications.videoAssetId });
    if (!application) return null;
    const assetIds = [
      ...new Set([
        ...(application.videoAssetId ? [application.videoAssetId] : []),
        ...interviewMedia.flatMap((m) => (m.assetId ? [m.assetId] : [])),
      ]),
    ];
    const assets = assetIds.length
      ? await tx.delete(videoAssets).where(inArray(videoAssets.id, assetIds)).returning()
      : [];
    const fileKeys = [...new Set(interviewMedia.flatMap((m) => (m.fileKey ? [m.fileKey] : [])))];
    return { cvKey: application.cvKey, assetKeys: [...assets.flatMap(storedKeys), ...fileKeys] };
  });
  if (!removed) return false;
  // Files go after the rows (as assets/service.ts deleteAsset): a failed removal leaves an orphan file only.
  for (const key of [...(removed.cvKey ? [removed.cvKey] : []), ...removed.assetKeys]) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'candidate file not removed'));
  }
  return true;
}

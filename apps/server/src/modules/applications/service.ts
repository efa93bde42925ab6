import { and, eq, inArray } from 'drizzle-orm';
import {
  applicationHistory,
  applicationRetention,
  applications,
  interviewSessions,
  videoAssets,
} from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { applicantMessages } from '@hirecast/domain/applicants';
import type { TApplicant, TApplicationStatus } from '@hirecast/domain/application';
import { interviewStateOf } from '@hirecast/domain/interview';
import { messages } from '@hirecast/domain/messages';
import { privacyMessages } from '@hirecast/domain/privacy';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { publicUrl, type TVideoAssetRow } from '../assets/index.ts';
import { deleteApplicationWithFiles } from './delete.ts';
import { assertCanAct } from './policy.ts';

export type TApplicationRow = typeof applications.$inferSelect;

export const isUuid = (value: string) => UUID.test(value);
export const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/**
 * Tenancy: one application of the caller's company (and of `jobId` when given); anything else, including ids
 * that cannot exist, answers 404. In a transaction, `lock` holds the row until it ends, so status changes,
 * note counts and mark averages are computed one at a time.
 */
export async function findApplication(
  db: TDb | TTx,
  { scope, id, jobId, lock = false }: { scope: TCompanyScope; id: string; jobId?: string; lock?: boolean },
): Promise<TApplicationRow> {
  if (!isUuid(id) || (jobId !== undefined && !isUuid(jobId))) throw notFound();
  const query = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.id, id),
        eq(applications.companyId, scope.companyId),
        jobId ? eq(applications.jobId, jobId) : undefined,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The applications among `ids` that have had an email sent to them (spec 2 §3 isEmailSent). */
export async function emailedApplicationIds(db: TDb, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: applicationHistory.applicationId })
    .from(applicationHistory)
    .where(and(inArray(applicationHistory.applicationId, ids), eq(applicationHistory.isLetterSent, true)));
  return new Set(rows.map((r) => r.id));
}

/** spec 2 §3 Applicant as the employer reads it, with signed URLs for the CV and the video introduction. */
export async function presentApplicant(
  ctx: Pick<TContext, 'storage'>,
  { a, video, isEmailSent }: { a: TApplicationRow; video: TVideoAssetRow | null; isEmailSent: boolean },
): Promise<TApplicant> {
  const cvUrl = a.cvKey ? await publicUrl(ctx, a.cvKey) : null;
  const sign = async (value: string | null | undefined) => (await publicUrl(ctx, value)) ?? null;
  return {
    _id: a.id,
    candidateId: a.id,
    sentAt: a.sentAt.toISOString(),
    status: a.status as TApplicationStatus,
    noteCount: a.noteCount,
    markAvg: a.markAvg,
    aiFitScore: a.aiFitScore,
    aiFitReasons: a.aiFitReasons,
    isEmailSent,
    screeningProcessDate: a.screeningProcessDate?.toISOString() ?? null,
    _job: a.jobId,
    _profile: {
      personalInfo: {
        firstName: a.firstName,
        lastName: a.lastName,
        position: a.position,
        location: a.location,
        pdfCvUrl: a.cvKey?.endsWith('.pdf') ? cvUrl : null,
        cvUrl,
        cvFileName: a.cvFileName,
        socialNetworkLink: a.socialNetworkLink,
      },
      _user: { email: a.email },
      _introduction: video
        ? {
            assetId: video.id,
            status: video.status,
            question: a.videoQuestion,
            data: {
              videoUrl: await sign(video.data.videoUrl ?? video.originalKey),
              thumbnailUrl: await sign(video.data.thumbnailUrl),
              customThumbnailUrl: await sign(video.data.customThumbnailUrl),
              videoMp4Url: await sign(video.data.videoMp4Url),
              videoMp4Url_720p: await sign(video.data.videoMp4Url_720p),
              image640: await sign(video.data.image640),
            },
          }
        : null,
      experience: a.experience,
      education: a.education,
      customQuestion: a.customQuestion,
    },
  };
}

/** Applications by id with their video rows, presented in the order of `ids`. */
export async function presentApplicants(ctx: Pick<TContext, 'db' | 'storage'>, ids: string[]) {
  if (ids.length === 0) return [];
  const [rows, emailed] = await Promise.all([
    ctx.db
      .select({
        a: applications,
        video: videoAssets,
        interview: interviewSessions,
        holdReason: applicationRetention.holdReason,
        holdAt: applicationRetention.holdAt,
      })
      .from(applications)
      .leftJoin(videoAssets, eq(videoAssets.id, applications.videoAssetId))
      .leftJoin(interviewSessions, eq(interviewSessions.applicationId, applications.id))
      .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
      .where(inArray(applications.id, ids)),
    emailedApplicationIds(ctx.db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  const now = new Date();
  return Promise.all(
    ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map(async ({ a, video, interview, holdReason, holdAt }) => ({
        ...(await presentApplicant(ctx, { a, video, isEmailSent: emailed.has(a.id) })),
        // Issue 25: what the applicants list shows and sorts by.
        interview: interview
          ? {
              state: interviewStateOf(interview, now),
              score: interview.score,
              answered: interview.answeredCount,
              total: interview.questions.length,
            }
          : null,
        // Issue 33: the team's delete dialog says it is held before anyone tries.
        legalHold: holdAt ? { reason: holdReason ?? '', at: holdAt.toISOString() } : null,
      })),
  );
}

/**
 * spec 2 §7 GET /job/candidate/{id}: one application of the caller's company (any role may read it; another
 * company's answers 404).
 */
export async function getApplicant(
  ctx: TContext,
  { scope, id }: { scope: TCompanyScope; id: string },
): Promise<TApplicant> {
  const row = await findApplication(ctx.db, { scope, id });
  const [applicant] = await presentApplicants(ctx, [row.id]);
  if (!applicant) throw notFound();
  return applicant;
}

/**
 * spec 2 §7 DELETE /job/{jobId}/application/{id}: the application, its CV and its video, the erasure recorded in the
 * audit. Under legal hold (issue 33): 409 naming the hold, and nothing changes.
 */
export async function deleteApplication(
  ctx: TContext,
  {
    scope,
    jobId,
    id,
    audit,
  }: {
    scope: TCompanyScope;
    jobId: string;
    id: string;
    audit: { actor: { id: string | null; name: string }; ip: string | null };
  },
) {
  const row = await findApplication(ctx.db, { scope, jobId, id });
  assertCanAct(scope);
  const deleted = await deleteApplicationWithFiles(
    ctx,
    and(eq(applications.id, row.id), eq(applications.companyId, scope.companyId))!,
    audit,
  );
  if (deleted.outcome === 'held')
    throw new AppError('CONFLICT', privacyMessages.heldCannotDelete(deleted.hold.reason));
  if (deleted.outcome === 'missing') throw notFound();
  return { message: applicantMessages.deleted };
}

import { and, eq } from 'drizzle-orm';
import { applications, videoAssets } from '@hirecast/db/schema';
import type { TApplicant, TApplicationStatus } from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { publicUrl } from '../assets/serialize.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/**
 * spec 2 §7 GET /job/candidate/{id}: one application of the caller's company (any role may read it; another
 * company's answers 404), with signed URLs for the CV and the video introduction.
 */
export async function getApplicant(
  ctx: TContext,
  { scope, id }: { scope: TCompanyScope; id: string },
): Promise<TApplicant> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select({ a: applications, video: videoAssets })
    .from(applications)
    .leftJoin(videoAssets, eq(videoAssets.id, applications.videoAssetId))
    .where(and(eq(applications.id, id), eq(applications.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound();
  const { a, video } = row;
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
    isEmailSent: false,
    screeningProcessDate: null,
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

import { and, eq } from 'drizzle-orm';
import { applications, jobTrackingEvents, videoAssets } from '@hirecast/db/schema';
import { applyMessages, type ZApplyRequest } from '@hirecast/domain/application';
import { DEFAULT_VIDEO_QUESTION } from '@hirecast/domain/public-job';
import { interviewMessages } from '@hirecast/domain/interview';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { requestVideoProcessing } from '../assets/index.ts';
import { claimApplyUploads, queueScreening } from '../applications/index.ts';
import { queueEarlyBirdLetter } from '../jobs/index.ts';
import type { TTusUploads } from '../uploads/index.ts';
import { sendApplicationEmails } from './emails.ts';
import { checkCv, checkVideo, claimVideo, removeIfUnused, type TCheckedCv } from './files.ts';
import { recordTrackingEvent, withJobCounters } from '../sharing/index.ts';
import { assertTakesVideo, findJobForApply, type TApplyJob } from './job.ts';
import { applyInterviewOf, createApplyInterview, interviewLink } from '../interviews/index.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

type TApplyBody = z.output<typeof ZApplyRequest>;

const duplicate = () => new AppError('CONFLICT', applyMessages.duplicate);

type TApplyInterview = Awaited<ReturnType<typeof applyInterviewOf>>;

// The job's own rules on what an application must carry (spec 2 §3; issue 5 item 3). Issue 25: a job with an
// interview in the apply flow asks for its answers after the details instead of the video introduction.
function assertAnswers(job: TApplyJob, body: TApplyBody, interview: TApplyInterview) {
  if (body.video) assertTakesVideo(job);
  const fields: Record<string, string> = {};
  if (interview && body.video) fields.video = interviewMessages.videoInInterview;
  if (!interview && !job.isVideoOptional && !body.video) fields.video = applyMessages.videoRequired;
  if (job.customQuestion && !body.customQuestion) fields.customQuestion = applyMessages.answerRequired;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION', first, fields);
}

async function assertNotApplied(ctx: Pick<TContext, 'db'>, jobId: string, email: string) {
  const [found] = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.email, email)))
    .limit(1);
  if (found) throw duplicate();
}

// One transaction: the candidate's video (a company video kept out of the library), the application, the
// submitted event and the job's counters (withJobCounters: one at a time per job, the counters written last).
// The unique index (job, email) settles two submissions racing.
async function saveApplication(
  ctx: TContext,
  input: {
    job: TApplyJob;
    body: TApplyBody;
    cv: TCheckedCv | null;
    video: { key: string; fileName: string } | null;
    tokenHash: string;
    interview: TApplyInterview;
    config: Pick<TContext['config'], 'secret'>;
  },
) {
  const { job, body, cv, video, tokenHash, interview } = input;
  return withJobCounters(ctx.db, job.id, async (tx, moves) => {
    const [visit] = body.sessionId
      ? await tx
          .select()
          .from(jobTrackingEvents)
          .where(
            and(
              eq(jobTrackingEvents.jobId, job.id),
              eq(jobTrackingEvents.event, 'visit'),
              eq(jobTrackingEvents.sessionId, body.sessionId),
            ),
          )
          .limit(1)
      : [];
    const utm = {
      utmSource: visit?.utmSource ?? null,
      utmCampaign: visit?.utmCampaign ?? null,
      utmMedium: visit?.utmMedium ?? null,
    };
    const [asset] = video
      ? await tx
          .insert(videoAssets)
          .values({
            companyId: job.companyId,
            ownerId: null,
            title: `${body.firstName} ${body.lastName} — ${job.title}`,
            fileName: video.fileName,
            status: 'new',
            originalKey: video.key,
            data: { videoUrl: video.key },
            exclude: true,
          })
          .returning({ id: videoAssets.id })
      : [];
    const now = new Date();
    const [application] = await tx
      .insert(applications)
      .values({
        jobId: job.id,
        companyId: job.companyId,
        status: 'new',
        sentAt: now,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        position: body.position ?? null,
        location: body.location ?? null,
        socialNetworkLink: body.socialNetworkLink ?? null,
        experience: body.experience,
        education: body.education,
        customQuestion: job.customQuestion ? (body.customQuestion ?? null) : null,
        videoQuestion: asset ? (job.videoQuestion ?? DEFAULT_VIDEO_QUESTION) : null,
        cvKey: cv?.key ?? null,
        cvFileName: cv?.fileName ?? null,
        videoAssetId: asset?.id ?? null,
        manageTokenHash: tokenHash,
        ...utm,
      })
      .onConflictDoNothing({ target: [applications.jobId, applications.email] })
      .returning({ id: applications.id });
    // Throwing rolls the video row back with it.
    if (!application) throw duplicate();
    // Issue 33: the files it sent, and the ones its session uploaded and replaced, belong to it.
    await claimApplyUploads(tx, {
      applicationId: application.id,
      companyId: job.companyId,
      jobId: job.id,
      session: body.sessionId ?? null,
      keys: [...(cv ? [cv.key] : []), ...(video ? [video.key] : [])],
    });
    // Issue 25: the apply-flow interview is created with the application, never without it.
    const interviewToken = interview
      ? await createApplyInterview(tx, {
          config: input.config,
          interview,
          application: { id: application.id, jobId: job.id, companyId: job.companyId },
        })
      : null;
    await recordEvent(tx, { type: 'application.created', applicationId: application.id });
    // Issue 16: credited like the session's visit (first touch), and counted in the sharing rollup.
    await recordTrackingEvent(tx, {
      job: { id: job.id, companyId: job.companyId, videoAssetId: null },
      event: 'apply_submitted',
      sessionId: body.sessionId ?? application.id,
      origin: utm,
      moves,
    });
    moves.job(job.id, 'submittedApplications');
    return { applicationId: application.id, assetId: asset?.id ?? null, interviewToken };
  });
}

/**
 * POST /api/public/job/{shortId}/apply. Every rule is checked before anything is written; then the files are
 * claimed and the rows saved together. Answers the application id and the private link's token (emailed, never
 * returned to the browser).
 */
export async function applyToJob(
  ctx: TContext,
  { tus, shortId, body }: { tus: TTusUploads; shortId: string; body: TApplyBody },
) {
  const job = await findJobForApply(ctx, shortId);
  const interview = job.takesVideo ? await applyInterviewOf(ctx.db, job.id) : null;
  assertAnswers(job, body, interview);
  await assertNotApplied(ctx, job.id, body.email);
  const cv = body.cv ? await checkCv(ctx, { companyId: job.companyId, cv: body.cv }) : null;
  const checkedVideo = body.video
    ? await checkVideo(ctx, { tus, companyId: job.companyId, shortId: job.shortId, video: body.video })
    : null;
  const video = checkedVideo
    ? await claimVideo(ctx, { tus, companyId: job.companyId, video: checkedVideo })
    : null;

  const token = newToken();
  let saved: Awaited<ReturnType<typeof saveApplication>>;
  try {
    saved = await saveApplication(ctx, {
      job,
      body,
      cv,
      video,
      tokenHash: hashToken(token),
      interview,
      config: ctx.config,
    });
  } catch (err) {
    // A video moved out of its tus upload cannot be sent again, so it goes; a signed-URL recording stays for
    // a retry unless the application lost the race to a duplicate (and the winner does not hold it).
    const lostRace = err instanceof AppError && err.code === 'CONFLICT';
    if (video && (video.moved || lostRace))
      await removeIfUnused(ctx, { key: video.key, companyId: job.companyId });
    throw err;
  }

  if (saved.assetId) {
    try {
      await requestVideoProcessing(ctx, saved.assetId);
    } catch (err) {
      ctx.log.error({ err, assetId: saved.assetId }, 'candidate video not queued');
    }
  }
  await queueScreening(ctx, { job, applicationId: saved.applicationId });
  await sendApplicationEmails(ctx, {
    applicationId: saved.applicationId,
    token,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    job: { id: job.id, companyId: job.companyId, title: job.title, companyName: job.companyName },
    interviewLink: saved.interviewToken ? interviewLink(ctx.config.publicUrl, saved.interviewToken) : null,
  });
  await queueEarlyBirdLetter(ctx, { job, applicationId: saved.applicationId });
  return { applicationId: saved.applicationId, token, interviewToken: saved.interviewToken };
}

import { and, eq, sql } from 'drizzle-orm';
import { applications, captions, interviewTakes, transcripts, videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import {
  captionMessages,
  cuesFromSegments,
  cuesToSrt,
  cuesToVtt,
  parseCaptionFile,
  validateCues,
  type TCaptionCueText,
  type TCaptions,
  type TCaptionState,
  type TSaveCaptionsRequest,
} from '@hirecast/domain/captions';
import { ROLES } from '@hirecast/domain/constants';
import { transcriptMessages } from '@hirecast/domain/transcript';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// Issue 34 items 2-3: a video's captions. Reviewed cues (saved in the editor or uploaded) win; else the cues of
// its transcript once done; else none. One reading for the editor, the members' routes and the public routes.

type TDb = Pick<TContext, 'db'>['db'];

export type TLoadedCaptions = {
  state: TCaptionState;
  language: string | null;
  cues: TCaptionCueText[];
  transcriptStatus: string | null;
  updatedAt: Date | null;
};

/** The captions of a video (never throws: a video without any has state 'none' and no cues). */
export async function loadCaptions(db: TDb, assetId: string): Promise<TLoadedCaptions> {
  const [[reviewed], [transcript]] = await Promise.all([
    db.select().from(captions).where(eq(captions.assetId, assetId)),
    db
      .select({
        status: transcripts.status,
        language: transcripts.language,
        segments: transcripts.segments,
        updatedAt: transcripts.updatedAt,
      })
      .from(transcripts)
      .where(eq(transcripts.assetId, assetId)),
  ]);
  const transcriptStatus = transcript?.status ?? null;
  if (reviewed)
    return {
      state: 'reviewed',
      language: reviewed.language ?? transcript?.language ?? null,
      cues: reviewed.cues,
      transcriptStatus,
      updatedAt: reviewed.updatedAt,
    };
  const cues = transcript?.status === 'done' ? cuesFromSegments(transcript.segments) : [];
  return {
    state: cues.length > 0 ? 'generated' : 'none',
    language: transcript?.language ?? null,
    cues,
    transcriptStatus,
    updatedAt: cues.length > 0 ? (transcript?.updatedAt ?? null) : null,
  };
}

/** Whether a video is a candidate's (an application's video or an interview take): never captioned in public,
 * never in the caption editor. */
export async function isCandidateVideo(db: TDb, assetId: string) {
  const [[application], [take]] = await Promise.all([
    db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.videoAssetId, assetId))
      .limit(1),
    db
      .select({ id: interviewTakes.id })
      .from(interviewTakes)
      .where(eq(interviewTakes.videoAssetId, assetId))
      .limit(1),
  ]);
  return Boolean(application ?? take);
}

/** The company's video asset, or 404 (another company's asset is never revealed). */
async function findOwnAsset(ctx: TContext, scope: TCompanyScope, assetId: string) {
  const notFound = new AppError('NOT_FOUND', assetMessages.notFound);
  if (!UUID.test(assetId)) throw notFound;
  const [asset] = await ctx.db
    .select({ id: videoAssets.id, duration: videoAssets.duration })
    .from(videoAssets)
    .where(and(eq(videoAssets.id, assetId), eq(videoAssets.companyId, scope.companyId)));
  if (!asset) throw notFound;
  return asset;
}

const toCaptions = (ctx: TContext, assetId: string, loaded: TLoadedCaptions): TCaptions => ({
  assetId,
  state: loaded.state,
  language: loaded.language,
  engine: Boolean(ctx.config.transcribe),
  transcriptStatus: loaded.transcriptStatus,
  cues: loaded.cues,
  updatedAt: loaded.updatedAt?.toISOString() ?? null,
});

/** What the caption editor opens with (any member of the company may read). */
export async function getCaptionsForEditor(ctx: TContext, scope: TCompanyScope, assetId: string) {
  await findOwnAsset(ctx, scope, assetId);
  return toCaptions(ctx, assetId, await loadCaptions(ctx.db, assetId));
}

/** The captions file of a video for its company's members; 404 while it has none. */
export async function getCaptionsFile(
  ctx: TContext,
  scope: TCompanyScope,
  { assetId, format }: { assetId: string; format: 'vtt' | 'srt' },
) {
  await findOwnAsset(ctx, scope, assetId);
  const loaded = await loadCaptions(ctx.db, assetId);
  // A silent video's transcript is done and empty: an empty file (a track without cues), not a 404.
  if (loaded.cues.length === 0 && loaded.transcriptStatus !== 'done')
    throw new AppError('NOT_FOUND', transcriptMessages.noCaptions);
  return {
    body: format === 'vtt' ? cuesToVtt(loaded.cues) : cuesToSrt(loaded.cues),
    language: loaded.language,
  };
}

/**
 * Saves a video's cues as its reviewed captions (spec: "saving edits makes it reviewed"). Viewers read only;
 * a candidate's video has no editor. The cues are checked as an uploaded file's are.
 */
export async function saveCaptions(
  ctx: TContext,
  {
    scope,
    userId,
    assetId,
    input,
    source,
  }: {
    scope: TCompanyScope;
    userId: string;
    assetId: string;
    input: TSaveCaptionsRequest;
    source: 'editor' | 'upload';
  },
) {
  await findOwnAsset(ctx, scope, assetId);
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', captionMessages.readOnly);
  if (await isCandidateVideo(ctx.db, assetId))
    throw new AppError('FORBIDDEN', captionMessages.candidateVideo);
  const checked = validateCues(input.cues);
  if (!checked.ok) throw new AppError('VALIDATION', checked.error, { cues: checked.error });
  const values = {
    language: input.language ?? null,
    cues: checked.cues,
    source,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(captions)
    .values({ assetId, companyId: scope.companyId, ...values })
    .onConflictDoUpdate({
      target: captions.assetId,
      set: { ...values, ...(input.language === undefined && { language: sql`${captions.language}` }) },
    });
  return toCaptions(ctx, assetId, await loadCaptions(ctx.db, assetId));
}

/** An uploaded .vtt or .srt file (read whole only when it is at most 1 MB: the route refuses larger ones). */
export async function uploadCaptions(
  ctx: TContext,
  input: { scope: TCompanyScope; userId: string; assetId: string; text: string },
) {
  await findOwnAsset(ctx, input.scope, input.assetId);
  if (input.scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', captionMessages.readOnly);
  const parsed = parseCaptionFile(input.text);
  if (!parsed.ok) throw new AppError('VALIDATION', parsed.error, { file: parsed.error });
  return saveCaptions(ctx, { ...input, input: { cues: parsed.cues }, source: 'upload' });
}

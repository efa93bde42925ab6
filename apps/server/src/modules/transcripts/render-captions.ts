import { and, eq, inArray } from 'drizzle-orm';
import { transcripts } from '@hirecast/db/schema';
import type { TTranscriptSegment } from '@hirecast/domain/transcript';
import { renderPlanSegments } from '@hirecast/domain/video-template-captions';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import type { TContext } from '../../lib/context.ts';

/** What the transcript of a rendered animated video names as its model: the render plan, not an engine. */
export const RENDER_PLAN_MODEL = 'render plan';

/**
 * Issue 34 item 2: a rendered animated video's exact captions, from its render plan (each card's words at its
 * own times, each clip's done transcript moved to where the clip plays), stored as the video's transcript: done,
 * no engine minutes counted (it was never sent to one). The caption routes, the editor and the job page read it
 * like any other; captions the team saved win as always. A re-render of the same video writes it again.
 */
export async function captionRenderedVideo(
  db: TContext['db'],
  { assetId, companyId, data }: { assetId: string; companyId: string; data: TTemplateData },
) {
  const clipIds = [
    ...new Set(
      data.sections.flatMap((s) => (s.type === 'video' && s.video.assetId ? [s.video.assetId] : [])),
    ),
  ];
  const clips = clipIds.length
    ? await db
        .select({
          assetId: transcripts.assetId,
          language: transcripts.language,
          segments: transcripts.segments,
        })
        .from(transcripts)
        .where(
          and(
            inArray(transcripts.assetId, clipIds),
            eq(transcripts.companyId, companyId),
            eq(transcripts.status, 'done'),
          ),
        )
    : [];
  const clipSegments = new Map<string, TTranscriptSegment[]>(clips.map((c) => [c.assetId, c.segments]));
  const segments = renderPlanSegments({
    timeline: buildTemplateTimeline(data.type, data),
    sections: data.sections,
    clipSegments,
  });
  const now = new Date();
  const row = {
    status: 'done',
    failureReason: null,
    language: clips.find((c) => c.language)?.language ?? null,
    model: RENDER_PLAN_MODEL,
    segments,
    durationSeconds: 0,
    startedAt: now,
    finishedAt: now,
    updatedAt: now,
  };
  await db
    .insert(transcripts)
    .values({ assetId, companyId, ...row })
    .onConflictDoUpdate({ target: transcripts.assetId, set: row });
  return segments;
}

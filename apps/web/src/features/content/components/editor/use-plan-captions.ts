import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { TTranscript, TTranscriptSegment } from '@hirecast/domain/transcript';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { renderPlanSegments } from '@hirecast/domain/video-template-captions';
import type { TTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { transcriptQueryOptions } from '../../../../lib/transcripts.ts';

const doneSegments = (results: { data?: TTranscript | null }[]) =>
  new Map(
    results.flatMap(({ data }) => (data?.status === 'done' ? [[data.assetId, data.segments] as const] : [])),
  );

/**
 * Issue 34 item 2: the captions the rendered video will have, from the same render plan (renderPlanSegments):
 * each card's words, and each clip's done transcript moved to where the clip plays.
 */
export function usePlanCaptions(data: TTemplateData, timeline: TTemplateTimeline | null) {
  const clipIds = [
    ...new Set(
      data.sections.flatMap((s) => (s.type === 'video' && s.video.assetId ? [s.video.assetId] : [])),
    ),
  ];
  // `combine` runs again only when a transcript changes, so the map (and the plan below) stays the same.
  const clipSegments = useQueries({
    queries: clipIds.map((id) => transcriptQueryOptions(id)),
    combine: doneSegments,
  });
  return useMemo(
    () => (timeline ? renderPlanSegments({ timeline, sections: data.sections, clipSegments }) : []),
    [timeline, data.sections, clipSegments],
  );
}

/** The cue on screen at `ms`, if any. */
export const cueAt = (segments: readonly TTranscriptSegment[], ms: number) =>
  segments.find((s) => s.start * 1000 <= ms && ms < s.end * 1000) ?? null;

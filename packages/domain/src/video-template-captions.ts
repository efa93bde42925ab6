import { shiftSegment, type TTranscriptSegment } from './transcript.ts';
import type { TTemplateSection } from './video-template.ts';
import type { TTemplateTimeline } from './video-template-timeline.ts';

// Issue 34 item 2: an animated video's captions come from its render plan, exactly: each card's words for the
// time it is on screen, each clip's transcript moved to where the clip plays. Stored as the rendered video's
// transcript (so the caption routes, the editor and the job page's VideoObject read it like any other).

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
/** Shorter than this after cutting at a crossfade, a piece of a clip's speech is not worth a caption. */
const MIN_CUE_SECONDS = 0.2;

/** The words a card shows; a video scene's title and subtitle are drawn over its clip, not said. */
function cardWords(section: TTemplateSection): string {
  switch (section.type) {
    case 'entrance':
    case 'ending':
      return section.text.trim();
    case 'transition':
      return [section.heading.trim(), section.text.trim()].filter(Boolean).join(' — ');
    case 'video':
      return '';
  }
}

/**
 * The captions of a rendered animated video as transcript segments (seconds): a scene owns the time from the
 * middle of its fade in to the middle of its fade out, so two scenes' captions never overlap. `clipSegments`
 * holds the done transcripts of the clips' videos by asset id (a clip without one gets no captions).
 */
export function renderPlanSegments({
  timeline,
  sections,
  clipSegments,
}: {
  timeline: Pick<TTemplateTimeline, 'scenes'>;
  sections: readonly TTemplateSection[];
  clipSegments: ReadonlyMap<string, readonly TTranscriptSegment[]>;
}): TTranscriptSegment[] {
  const out: TTranscriptSegment[] = [];
  for (const scene of timeline.scenes) {
    const section = sections[scene.sectionIndex];
    if (!section) continue;
    const from = (scene.startMs + scene.fadeInMs / 2) / 1000;
    const until = (scene.endMs - scene.fadeOutMs / 2) / 1000;
    if (section.type !== 'video') {
      const text = cardWords(section);
      if (text) out.push({ start: round(from), end: round(until), text });
      continue;
    }
    const spoken = section.video.assetId ? (clipSegments.get(section.video.assetId) ?? []) : [];
    for (const segment of spoken) {
      const moved = shiftSegment(segment, scene.startMs / 1000);
      const start = Math.max(moved.start, from);
      const end = Math.min(moved.end, until);
      if (end - start < MIN_CUE_SECONDS || !moved.text.trim()) continue;
      // Cut at a crossfade, the words no longer fit the segment's time: its cue is timed by the segment alone.
      const cut = start !== moved.start || end !== moved.end;
      out.push(cut ? { start: round(start), end: round(end), text: moved.text } : moved);
    }
  }
  return out;
}

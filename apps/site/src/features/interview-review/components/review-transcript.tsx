import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { TGuestReview } from '@hirecast/domain/interview';
import { formatSeconds } from '@hirecast/recorder/machine';
import { toWebVtt } from '@hirecast/domain/webvtt';
import { useCaptionTrack } from '../../../components/use-caption-track.ts';

export type TReviewTranscript = TGuestReview['transcripts'][number];

/**
 * Issue 34 item 4 on the outside review page: the answer's captions on its player (a `<track>` made in the
 * browser from the transcript the review carries, so they need no route of their own) and the transcript beside
 * it: the line being said marked, a line plays from its start.
 */
export function ReviewTranscript({
  transcript,
  video,
}: {
  transcript: TReviewTranscript;
  video: RefObject<HTMLVideoElement | null>;
}) {
  const { segments, language } = transcript;
  const [now, setNow] = useState(0);

  const vtt = useMemo(() => (segments.length ? toWebVtt(segments) : null), [segments]);
  useCaptionTrack(video, vtt ? { language, vtt } : null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const onTime = () => setNow(el.currentTime);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeked', onTime);
    return () => {
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeked', onTime);
    };
  }, [video]);

  if (segments.length === 0) return <p className="field-hint">No speech was heard in this answer.</p>;
  const current = segments.findIndex((s) => now >= s.start && now < s.end);
  return (
    <div className="review-transcript">
      <h4>Transcript</h4>
      <ol>
        {segments.map((s, i) => (
          <li key={`${s.start}-${i}`}>
            <button
              type="button"
              className={i === current ? 'transcript-line current' : 'transcript-line'}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => {
                const el = video.current;
                if (!el) return;
                el.currentTime = s.start;
                void el.play().catch(() => {});
              }}
            >
              <span className="transcript-time">{formatSeconds(Math.floor(s.start))}</span> {s.text}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

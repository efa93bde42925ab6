import type { ReactNode, RefObject } from 'react';
import type { TRecorderState } from '@hirecast/recorder/machine';

/**
 * The one recorder screen of the candidate site (the apply flow's video introduction, an interview's video answer
 * and its practice round): the live camera picture with the 3-2-1 over it and the Recording badge, the count
 * under the picture too (seen where the picture is small), the timer the caller words, a line while the take is
 * saved, and what a screen reader hears (the count, then "Recording").
 */
export function RecorderScreen({
  preview,
  state,
  timer,
  saving,
  children,
}: {
  preview: RefObject<HTMLVideoElement | null>;
  state: Pick<TRecorderState, 'phase' | 'countdown' | 'elapsed'>;
  /** The timer's words in this phase ("0:25 left", "0:05 / 2:00"); null: no timer. */
  timer: string | null;
  /** Said while the take is being saved ('stopping'); without it the timer stays. */
  saving?: string;
  /** Shown under it, inside the same frame (the apply flow's buttons). */
  children?: ReactNode;
}) {
  const { phase, countdown, elapsed } = state;
  return (
    <div className="recorder">
      <div className="recorder-stage">
        <video
          ref={preview}
          className="recorder-video recorder-live"
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
        />
        {phase === 'countdown' && (
          <div className="countdown" aria-hidden="true">
            {countdown}
          </div>
        )}
        {(phase === 'recording' || phase === 'stopping') && (
          <div className="rec-badge">
            <span className="rec-dot" aria-hidden="true" /> Recording
          </div>
        )}
      </div>
      {phase === 'countdown' ? (
        <p className="recorder-timer" aria-hidden="true">
          Recording starts in {countdown}…
        </p>
      ) : phase === 'stopping' && saving ? (
        <p className="recorder-timer" role="status">
          {saving}
        </p>
      ) : (
        timer !== null && (
          <p className="recorder-timer" role="timer" aria-live="off">
            {timer}
          </p>
        )
      )}
      <p className="visually-hidden" aria-live="assertive">
        {phase === 'countdown' ? `Recording starts in ${countdown}` : ''}
        {phase === 'recording' && elapsed === 0 ? 'Recording' : ''}
      </p>
      {children}
    </div>
  );
}

import type { RefObject } from 'react';

/**
 * The live camera picture of a recorder (the apply flow's video introduction and an interview's video answer),
 * with the countdown over it and the Recording badge while it records.
 */
export function RecorderStage({
  preview,
  phase,
  countdown,
}: {
  preview: RefObject<HTMLVideoElement | null>;
  phase: string;
  countdown: number;
}) {
  return (
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
  );
}

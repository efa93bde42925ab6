import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAudioLevel } from '@hirecast/recorder/use-audio-level';
import { useCamera } from '@hirecast/recorder/use-camera';
import { canRecordInBrowser } from '@hirecast/recorder/use-media-recorder';
import { CameraDenied } from './camera-denied.tsx';

const subscribeNever = () => () => undefined;

/**
 * Issue 25 item 3: before the first question, the candidate sees their camera, a level meter for the
 * microphone, whether the browser can record, and what to do when permission was refused.
 */
export function DeviceCheck() {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Known only in the browser (the page is rendered on the server first: null there).
  const supported = useSyncExternalStore(subscribeNever, canRecordInBrowser, () => null);
  const { stream, error } = useCamera({ active: open, width: 640, height: 360, attempt });
  const level = useAudioLevel(stream);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && stream && video.current.srcObject !== stream) video.current.srcObject = stream;
  });

  if (supported === false)
    return (
      <div className="recorder-message" role="alert">
        <p>
          <strong>This browser cannot record video.</strong> Open this link in a current version of Chrome,
          Edge, Firefox or Safari (on a phone or a computer) to answer the video questions.
        </p>
      </div>
    );
  if (!open)
    return (
      <div className="device-check">
        <p>Check that your camera and microphone work before you start. Nothing is recorded.</p>
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Check camera and microphone
        </button>
      </div>
    );
  if (error === 'denied') return <CameraDenied onRetry={() => setAttempt((a) => a + 1)} />;
  if (error === 'unsupported')
    return (
      <div className="recorder-message" role="alert">
        <p>We could not find a camera and a microphone. Connect one, or open this link on another device.</p>
        <button type="button" className="button button-secondary" onClick={() => setAttempt((a) => a + 1)}>
          Try again
        </button>
      </div>
    );
  return (
    <div className="device-check">
      <div className="recorder-stage">
        <video
          ref={video}
          className="recorder-video recorder-live"
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
        />
      </div>
      <div className="level" aria-hidden={!stream}>
        <span id="level-label">Microphone</span>
        <meter
          className="level-meter"
          aria-labelledby="level-label"
          min={0}
          max={1}
          low={0.05}
          high={0.9}
          optimum={0.5}
          value={level}
        />
      </div>
      <p role="status">
        {stream
          ? 'Your camera and microphone work. Speak to see the meter move.'
          : 'Starting your camera… If your browser asks, allow the camera and the microphone.'}
      </p>
      <button type="button" className="button button-link" onClick={() => setOpen(false)}>
        Turn the camera off
      </button>
    </div>
  );
}

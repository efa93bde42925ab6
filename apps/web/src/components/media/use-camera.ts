import { useEffect, useRef, useState } from 'react';
import { isPermissionDenied, isSafariOrIos, RECORDER } from './recorder-machine.ts';

export type TCameraQuality = 'high' | 'low';
export type TCameraResult = { stream: MediaStream | null; error: 'denied' | 'unsupported' | null };

/** Recording needs MediaRecorder and getUserMedia, and Safari/iOS get the info page instead (spec 3 §8). */
const canRecordHere = () =>
  typeof window.MediaRecorder !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function' &&
  !isSafariOrIos(navigator.userAgent);

const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

/**
 * The camera and microphone while `active`; released when inactive, when the quality changes and on unmount
 * (spec 3 §9: 1280x720, or 640x360 for the lower quality, audio on).
 */
export function useCamera({
  active,
  quality,
  attempt,
}: {
  active: boolean;
  quality: TCameraQuality;
  attempt: number;
}): TCameraResult {
  const [result, setResult] = useState<TCameraResult>({ stream: null, error: null });
  const current = useRef<MediaStream | null>(null);

  const supported = canRecordHere();
  useEffect(() => {
    if (!active || !supported) return;
    let cancelled = false;
    const size = RECORDER[quality];
    navigator.mediaDevices
      .getUserMedia({
        video: { width: { ideal: size.width }, height: { ideal: size.height } },
        audio: true,
      })
      .then((stream) => {
        if (cancelled) {
          stopStream(stream);
          return;
        }
        current.current = stream;
        setResult({ stream, error: null });
      })
      .catch((err: unknown) => {
        if (!cancelled)
          setResult({ stream: null, error: isPermissionDenied(err) ? 'denied' : 'unsupported' });
      });
    return () => {
      cancelled = true;
      stopStream(current.current);
      current.current = null;
      setResult({ stream: null, error: null });
    };
  }, [active, supported, quality, attempt]);

  return active && !supported ? { stream: null, error: 'unsupported' } : result;
}

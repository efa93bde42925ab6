// The camera and microphone for a recorder, open only while `active`: released when inactive, when the size or
// the attempt changes, and on unmount, so the camera light never stays on behind the person's back.
import { useEffect, useRef, useState } from 'react';
import { isPermissionDenied } from './machine.ts';
import { canRecordInBrowser } from './use-media-recorder.ts';

export type TCameraError = 'denied' | 'unsupported';
export type TCameraResult = { stream: MediaStream | null; error: TCameraError | null };

const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

export function useCamera({
  active,
  width,
  height,
  attempt = 0,
  supported = canRecordInBrowser,
}: {
  active: boolean;
  width: number;
  height: number;
  /** Changing it asks again (Try again after a refusal). */
  attempt?: number;
  /** Whether recording can work here at all (else 'unsupported' without asking). */
  supported?: () => boolean;
}): TCameraResult {
  const [result, setResult] = useState<TCameraResult>({ stream: null, error: null });
  const current = useRef<MediaStream | null>(null);
  const canRecord = supported();

  useEffect(() => {
    if (!active || !canRecord) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: width }, height: { ideal: height } }, audio: true })
      .then((stream) => {
        if (cancelled) return stopStream(stream);
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
  }, [active, canRecord, width, height, attempt]);

  return active && !canRecord ? { stream: null, error: 'unsupported' } : result;
}

/** Tells the recorder what became of the camera it asked for. */
export const cameraEvent = (camera: TCameraResult) =>
  camera.stream
    ? ({ type: 'cameraReady' } as const)
    : camera.error === 'denied'
      ? ({ type: 'cameraDenied' } as const)
      : camera.error === 'unsupported'
        ? ({ type: 'cameraFailed' } as const)
        : null;

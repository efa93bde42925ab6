import { useEffect, useReducer, useRef, useState } from 'react';
import { createRecorderState, needsCamera, recorderReducer } from './machine.ts';
import { cameraEvent, useCamera } from './use-camera.ts';
import { canRecordInBrowser } from './use-media-recorder.ts';

/**
 * The recorder's state machine wired to the camera, as every recorder of the candidate site uses it: the machine
 * starts 'unsupported' where the browser cannot record, the camera is on while the phase needs it, its stream or
 * error moves the machine, the preview element shows the stream, and a tick a second drives the 3-2-1. `retryCamera` asks the camera
 * again (after permission was denied) and reopens.
 */
export function useCameraRecorder({
  maxSeconds,
  open,
  width = 1280,
  height = 720,
}: {
  maxSeconds: number;
  /** Open the camera at once (false: show what is there first, e.g. saved takes). */
  open: boolean;
  width?: number;
  height?: number;
}) {
  const [state, dispatch] = useReducer(recorderReducer, createRecorderState({ maxSeconds, open }), (s) =>
    canRecordInBrowser() ? s : { ...s, phase: 'unsupported' as const },
  );
  const [attempt, setAttempt] = useState(0);
  const { stream, error } = useCamera({ active: needsCamera(state.phase), width, height, attempt });
  useEffect(() => {
    const event = cameraEvent({ stream, error });
    if (event) dispatch(event);
  }, [stream, error]);
  const preview = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (preview.current && stream && preview.current.srcObject !== stream) preview.current.srcObject = stream;
  });
  // One tick a second drives the 3-2-1 countdown.
  const ticking = state.phase === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  const retryCamera = () => {
    setAttempt((a) => a + 1);
    dispatch({ type: 'open' });
  };
  return { state, dispatch, stream, preview, retryCamera };
}

// The video introduction recorder (issue 5 item 3): camera, a 3-2-1 countdown, recording up to the time limit,
// then a preview with retake. Pure, so the transitions are tested without a camera; the component performs
// the side effects each phase asks for (open the camera, start and stop MediaRecorder).

export const RECORDING = {
  countdownSeconds: 3,
  maxSeconds: 120,
  timesliceMs: 100,
  width: 1280,
  height: 720,
} as const;

export type TRecorderPhase =
  | 'idle' // nothing asked yet: the camera opens only when the candidate chooses to record
  | 'starting' // waiting for getUserMedia
  | 'denied' // the candidate (or the browser) refused the camera
  | 'unsupported' // no camera or no MediaRecorder
  | 'ready' // live preview, waiting for 'Start recording'
  | 'countdown'
  | 'recording'
  | 'stopping' // MediaRecorder asked to stop, waiting for its last data
  | 'recorded'; // the recording is ready to preview, upload or retake

export type TRecorderState = { phase: TRecorderPhase; countdown: number; elapsed: number };

export type TRecorderEvent =
  | { type: 'open' }
  | { type: 'cameraReady' }
  | { type: 'cameraDenied' }
  | { type: 'cameraFailed' }
  | { type: 'record' }
  | { type: 'tick' }
  | { type: 'elapsed'; seconds: number }
  | { type: 'stop' }
  | { type: 'stopped' }
  | { type: 'retake' }
  | { type: 'reset' };

export const initialRecorderState: TRecorderState = { phase: 'idle', countdown: 0, elapsed: 0 };

export function recorderReducer(state: TRecorderState, event: TRecorderEvent): TRecorderState {
  switch (event.type) {
    case 'open':
    case 'retake':
      return { phase: 'starting', countdown: 0, elapsed: 0 };
    case 'cameraReady':
      return state.phase === 'starting' ? { ...state, phase: 'ready' } : state;
    case 'cameraDenied':
      return state.phase === 'starting' ? { ...state, phase: 'denied' } : state;
    case 'cameraFailed':
      return state.phase === 'starting' ? { ...state, phase: 'unsupported' } : state;
    case 'record':
      return state.phase === 'ready'
        ? { phase: 'countdown', countdown: RECORDING.countdownSeconds, elapsed: 0 }
        : state;
    case 'tick':
      if (state.phase === 'countdown')
        return state.countdown <= 1
          ? { phase: 'recording', countdown: 0, elapsed: 0 }
          : { ...state, countdown: state.countdown - 1 };
      return state;
    // The recording time comes from the clock, counted from the first recorded frame (the camera's encoder
    // can take a moment to start), not from ticks: a 4.5 s take reads 0:04. The time limit stops it.
    case 'elapsed': {
      if (state.phase !== 'recording') return state;
      const elapsed = Math.min(Math.max(0, event.seconds), RECORDING.maxSeconds);
      return { ...state, elapsed, phase: elapsed >= RECORDING.maxSeconds ? 'stopping' : 'recording' };
    }
    case 'stop':
      if (state.phase === 'recording') return { ...state, phase: 'stopping' };
      if (state.phase === 'countdown') return { ...state, phase: 'ready', countdown: 0 };
      return state;
    case 'stopped':
      return state.phase === 'stopping' || state.phase === 'recording'
        ? { ...state, phase: 'recorded' }
        : state;
    case 'reset':
      return initialRecorderState;
  }
}

/** The phases during which the camera stream must be open. */
export const needsCamera = (phase: TRecorderPhase) =>
  phase === 'ready' || phase === 'countdown' || phase === 'recording' || phase === 'stopping';

/** The best recording format this browser has: WebM VP8/Opus, else MP4 (Safari), else the browser's default. */
export function pickRecordingFormat(isTypeSupported: (type: string) => boolean): {
  mimeType: string | undefined;
  fileType: 'video/webm' | 'video/mp4';
  extension: 'webm' | 'mp4';
} {
  if (isTypeSupported('video/webm;codecs=vp8,opus'))
    return { mimeType: 'video/webm;codecs=vp8,opus', fileType: 'video/webm', extension: 'webm' };
  if (isTypeSupported('video/mp4')) return { mimeType: 'video/mp4', fileType: 'video/mp4', extension: 'mp4' };
  return { mimeType: undefined, fileType: 'video/webm', extension: 'webm' };
}

export const formatSeconds = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** A refusal (instructions to allow the camera) as opposed to every other failure (upload a file instead). */
export const isPermissionDenied = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  'name' in err &&
  (err.name === 'NotAllowedError' || err.name === 'SecurityError' || err.name === 'PermissionDeniedError');

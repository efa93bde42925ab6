// spec 3 §2 Recorder, §9: a 3 s countdown, then recording (max 148 s, or the limit query value minus 2), then
// stop; after stop the user retakes or saves. Pure, so the transitions are testable without a camera.

export const RECORDER = {
  countdownSeconds: 3,
  defaultMaxSeconds: 148,
  timesliceMs: 100,
  mimeType: 'video/webm',
  high: { width: 1280, height: 720 },
  low: { width: 640, height: 360 },
} as const;

/** The recording limit: the `limit` query value minus 2 when it is a positive number, else 148 s. */
export function maxRecordingSeconds(search: string): number {
  const raw = new URLSearchParams(search).get('limit');
  const limit = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(limit) && limit - 2 > 0 ? Math.floor(limit - 2) : RECORDER.defaultMaxSeconds;
}

export type TRecorderPhase =
  | 'starting'
  | 'preview'
  | 'countdown'
  | 'recording'
  | 'review'
  | 'saving'
  | 'success'
  | 'failure'
  | 'denied'
  | 'unsupported';

export type TRecorderState = { phase: TRecorderPhase; countdown: number; elapsed: number };

export type TRecorderEvent =
  | { type: 'cameraReady' }
  | { type: 'cameraDenied' }
  | { type: 'cameraFailed' }
  | { type: 'restart' }
  | { type: 'record' }
  | { type: 'tick' }
  | { type: 'elapsed'; seconds: number }
  | { type: 'stopped' }
  | { type: 'filePicked' }
  | { type: 'retake' }
  | { type: 'save' }
  | { type: 'saved' }
  | { type: 'saveFailed' }
  | { type: 'saveCancelled' }
  | { type: 'return' };

export const initialRecorderState: TRecorderState = {
  phase: 'starting',
  countdown: RECORDER.countdownSeconds,
  elapsed: 0,
};

export function recorderReducer(state: TRecorderState, event: TRecorderEvent): TRecorderState {
  switch (event.type) {
    case 'cameraReady':
      return state.phase === 'starting' ? { ...state, phase: 'preview' } : state;
    case 'cameraDenied':
      return { ...state, phase: 'denied' };
    case 'cameraFailed':
      return { ...state, phase: 'unsupported' };
    case 'restart':
    case 'retake':
      return { ...initialRecorderState };
    case 'record':
      return state.phase === 'preview'
        ? { phase: 'countdown', countdown: RECORDER.countdownSeconds, elapsed: 0 }
        : state;
    case 'tick':
      if (state.phase === 'countdown') {
        return state.countdown <= 1
          ? { ...state, phase: 'recording', countdown: 0, elapsed: 0 }
          : { ...state, countdown: state.countdown - 1 };
      }
      return state;
    // The recording time comes from the clock, counted from the first recorded frame (the camera's encoder
    // can take a moment to start), not from ticks: a 4.5 s take reads 0:04.
    case 'elapsed':
      return state.phase === 'recording' ? { ...state, elapsed: Math.max(0, event.seconds) } : state;
    case 'stopped':
      return state.phase === 'recording' ? { ...state, phase: 'review' } : state;
    case 'filePicked':
      return { ...state, phase: 'review', elapsed: 0 };
    case 'save':
      return state.phase === 'review' ? { ...state, phase: 'saving' } : state;
    case 'saved':
      return state.phase === 'saving' ? { ...state, phase: 'success' } : state;
    case 'saveFailed':
      return state.phase === 'saving' ? { ...state, phase: 'failure' } : state;
    case 'saveCancelled':
      return state.phase === 'saving' ? { ...state, phase: 'review' } : state;
    case 'return':
      return state.phase === 'failure' ? { ...state, phase: 'review' } : state;
  }
}

export const formatSeconds = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** Safari and every iOS browser get the info page (spec 3 §8) instead of the in-browser recorder. */
export function isSafariOrIos(userAgent: string): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  return /safari/i.test(userAgent) && !/chrome|chromium|crios|fxios|edg|android/i.test(userAgent);
}

/** The camera error name tells denial (instructions) from every other failure (info page). */
export const isPermissionDenied = (err: unknown) =>
  err instanceof DOMException
    ? err.name === 'NotAllowedError' || err.name === 'SecurityError' || err.name === 'PermissionDeniedError'
    : typeof err === 'object' && err !== null && 'name' in err && err.name === 'NotAllowedError';

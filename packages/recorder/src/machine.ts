// The one recorder of Hirecast (issue 24 item 2): the media library's in-browser recorder (spec 3 §2, §9), the
// apply flow's video introduction (issue 5 item 3) and the one-way interview's answers (issue 25 item 3) all run
// these transitions: camera, a countdown, recording up to a limit, stop, then the take to watch, keep or retake.
// Pure, so every transition is tested without a camera; the components perform what each phase asks for.

export const RECORDER_DEFAULTS = {
  countdownSeconds: 3,
  /** MediaRecorder hands over its data this often, so a take is never more than this much behind. */
  timesliceMs: 100,
} as const;

export type TRecorderPhase =
  | 'idle' // nothing asked yet: the camera opens only when asked
  | 'starting' // waiting for getUserMedia
  | 'denied' // the person (or the browser) refused the camera
  | 'unsupported' // no camera, or no MediaRecorder
  | 'ready' // live preview, waiting for 'Start recording'
  | 'countdown'
  | 'recording'
  | 'stopping' // MediaRecorder asked to stop, waiting for its last data
  | 'recorded'; // the take (or a picked file) is ready to watch, keep or retake

export type TRecorderState = {
  phase: TRecorderPhase;
  /** Seconds left of the countdown. */
  countdown: number;
  /** Seconds recorded, from the first recorded frame. */
  elapsed: number;
  /** The recording stops by itself here. */
  maxSeconds: number;
  /** How long the countdown before a take lasts (0: recording starts at once). */
  countdownSeconds: number;
};

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
  | { type: 'filePicked' }
  | { type: 'retake' }
  | { type: 'reset' };

/**
 * A recorder that stops at `maxSeconds`, counts `countdownSeconds` before a take, and starts closed (`idle`: the
 * camera opens on 'open') or opening (`starting`) when `open` is set.
 */
export function createRecorderState({
  maxSeconds,
  countdownSeconds = RECORDER_DEFAULTS.countdownSeconds,
  open = false,
}: {
  maxSeconds: number;
  countdownSeconds?: number;
  open?: boolean;
}): TRecorderState {
  return { phase: open ? 'starting' : 'idle', countdown: 0, elapsed: 0, maxSeconds, countdownSeconds };
}

const fresh = (state: TRecorderState, phase: TRecorderPhase): TRecorderState => ({
  ...state,
  phase,
  countdown: 0,
  elapsed: 0,
});

export function recorderReducer(state: TRecorderState, event: TRecorderEvent): TRecorderState {
  switch (event.type) {
    // A retake (or trying the camera again) opens a fresh camera.
    case 'open':
    case 'retake':
      return fresh(state, 'starting');
    case 'reset':
      return fresh(state, 'idle');
    case 'cameraReady':
      return state.phase === 'starting' ? { ...state, phase: 'ready' } : state;
    case 'cameraDenied':
      return state.phase === 'starting' ? { ...state, phase: 'denied' } : state;
    case 'cameraFailed':
      return state.phase === 'starting' ? { ...state, phase: 'unsupported' } : state;
    case 'record':
      if (state.phase !== 'ready') return state;
      return state.countdownSeconds > 0
        ? { ...state, phase: 'countdown', countdown: state.countdownSeconds, elapsed: 0 }
        : { ...state, phase: 'recording', countdown: 0, elapsed: 0 };
    case 'tick':
      if (state.phase !== 'countdown') return state;
      return state.countdown <= 1
        ? { ...state, phase: 'recording', countdown: 0, elapsed: 0 }
        : { ...state, countdown: state.countdown - 1 };
    // The recording time comes from the clock, counted from the first recorded frame (the camera's encoder
    // can take a moment to start), not from ticks: a 4.5 s take reads 0:04. The time limit stops it.
    case 'elapsed': {
      if (state.phase !== 'recording') return state;
      const elapsed = Math.min(Math.max(0, event.seconds), state.maxSeconds);
      return { ...state, elapsed, phase: elapsed >= state.maxSeconds ? 'stopping' : 'recording' };
    }
    case 'stop':
      if (state.phase === 'recording') return { ...state, phase: 'stopping' };
      if (state.phase === 'countdown') return { ...state, phase: 'ready', countdown: 0 };
      return state;
    case 'stopped':
      return state.phase === 'stopping' || state.phase === 'recording'
        ? { ...state, phase: 'recorded' }
        : state;
    case 'filePicked':
      return fresh(state, 'recorded');
  }
}

/** The phases during which the camera stream must be open (asked for in 'starting'). */
export const needsCamera = (phase: TRecorderPhase) =>
  phase === 'starting' ||
  phase === 'ready' ||
  phase === 'countdown' ||
  phase === 'recording' ||
  phase === 'stopping';

/** The phases during which MediaRecorder runs. */
export const isTakeRunning = (phase: TRecorderPhase) => phase === 'recording' || phase === 'stopping';

export const formatSeconds = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** A refusal (instructions to allow the camera) as opposed to every other failure (upload a file instead). */
export const isPermissionDenied = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  'name' in err &&
  (err.name === 'NotAllowedError' || err.name === 'SecurityError' || err.name === 'PermissionDeniedError');

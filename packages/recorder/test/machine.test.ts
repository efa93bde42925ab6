import { describe, expect, it } from 'vitest';
import {
  createRecorderState,
  formatSeconds,
  isPermissionDenied,
  needsCamera,
  recorderReducer,
  type TRecorderEvent,
  type TRecorderState,
} from '../src/machine.ts';

type TSimple = Exclude<TRecorderEvent, { type: 'elapsed' }>['type'];
const closed = createRecorderState({ maxSeconds: 120 });
const run = (events: (TSimple | number)[], from: TRecorderState = closed) =>
  events.reduce(
    (s, e) =>
      recorderReducer(
        s,
        typeof e === 'number' ? { type: 'elapsed', seconds: e } : ({ type: e } as TRecorderEvent),
      ),
    from,
  );

describe('recorderReducer', () => {
  it('opens the camera, counts down 3-2-1, then records', () => {
    let s = run(['open', 'cameraReady', 'record']);
    expect(s).toMatchObject({ phase: 'countdown', countdown: 3 });
    s = run(['tick'], s);
    expect(s.countdown).toBe(2);
    s = run(['tick', 'tick'], s);
    expect(s).toMatchObject({ phase: 'recording', elapsed: 0 });
    // Ticks no longer count the recording; the clock from the first recorded frame does.
    s = run(['tick', 'tick'], s);
    expect(s.elapsed).toBe(0);
    s = run([4.5], s);
    expect(s.elapsed).toBe(4.5);
    expect(formatSeconds(s.elapsed)).toBe('0:04');
  });

  it('starts with the camera opening when asked to, and records at once without a countdown', () => {
    const open = createRecorderState({ maxSeconds: 30, countdownSeconds: 0, open: true });
    expect(open.phase).toBe('starting');
    expect(needsCamera(open.phase)).toBe(true);
    expect(run(['cameraReady', 'record'], open)).toMatchObject({ phase: 'recording', elapsed: 0 });
  });

  it('stops by itself at its own time limit', () => {
    const short = createRecorderState({ maxSeconds: 30 });
    let s = run(['open', 'cameraReady', 'record', 'tick', 'tick', 'tick', 29.9], short);
    expect(s.phase).toBe('recording');
    s = run([30.2], s);
    expect(s).toMatchObject({ phase: 'stopping', elapsed: 30 });
    expect(run(['stopped'], s).phase).toBe('recorded');
    // The limit belongs to the recorder: another one keeps going.
    expect(run(['open', 'cameraReady', 'record', 'tick', 'tick', 'tick', 30.2]).phase).toBe('recording');
  });

  it('stops on request and retakes from a fresh camera', () => {
    const s = run(['open', 'cameraReady', 'record', 'tick', 'tick', 'tick', 1, 'stop', 'stopped']);
    expect(s).toMatchObject({ phase: 'recorded', elapsed: 1 });
    expect(run(['retake'], s)).toEqual({ ...closed, phase: 'starting' });
  });

  it('takes a picked file as the take, and resets to closed', () => {
    const s = run(['open', 'cameraReady', 'filePicked']);
    expect(s).toMatchObject({ phase: 'recorded', elapsed: 0 });
    expect(run(['reset'], s)).toEqual(closed);
  });

  it('cancels the countdown back to the preview', () => {
    expect(run(['open', 'cameraReady', 'record', 'tick', 'stop'])).toMatchObject({
      phase: 'ready',
      countdown: 0,
    });
  });

  it('tells a refused camera from a missing one, and tries again', () => {
    expect(run(['open', 'cameraDenied']).phase).toBe('denied');
    expect(run(['open', 'cameraFailed']).phase).toBe('unsupported');
    expect(run(['open', 'cameraDenied', 'open', 'cameraReady']).phase).toBe('ready');
  });

  it('ignores events that do not belong to the phase', () => {
    expect(run(['record'])).toEqual(closed);
    expect(run(['open', 'stopped']).phase).toBe('starting');
    expect(run(['open', 'cameraReady', 'stopped']).phase).toBe('ready');
    expect(run([5])).toEqual(closed);
    expect(run(['open', 'cameraReady', 'cameraDenied']).phase).toBe('ready');
  });
});

describe('recorder helpers', () => {
  it('formats the timer and recognises a refusal', () => {
    expect(formatSeconds(75)).toBe('1:15');
    expect(isPermissionDenied(new DOMException('no', 'NotAllowedError'))).toBe(true);
    expect(isPermissionDenied(new DOMException('no', 'SecurityError'))).toBe(true);
    expect(isPermissionDenied(new DOMException('none', 'NotFoundError'))).toBe(false);
    expect(isPermissionDenied('NotAllowedError')).toBe(false);
  });
});

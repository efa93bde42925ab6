import { describe, expect, it } from 'vitest';
import {
  formatSeconds,
  initialRecorderState,
  isPermissionDenied,
  pickRecordingFormat,
  RECORDING,
  recorderReducer,
  type TRecorderEvent,
  type TRecorderState,
} from './recorder-machine.ts';

type TSimple = Exclude<TRecorderEvent, { type: 'elapsed' }>['type'];
const run = (events: (TSimple | number)[], from: TRecorderState = initialRecorderState) =>
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

  it('stops by itself at the time limit', () => {
    let s = run(['open', 'cameraReady', 'record', 'tick', 'tick', 'tick']);
    s = run([RECORDING.maxSeconds - 0.1], s);
    expect(s.phase).toBe('recording');
    s = run([RECORDING.maxSeconds + 0.2], s);
    expect(s).toMatchObject({ phase: 'stopping', elapsed: RECORDING.maxSeconds });
    expect(run(['stopped'], s).phase).toBe('recorded');
  });

  it('stops on request and retakes from a fresh camera', () => {
    const s = run(['open', 'cameraReady', 'record', 'tick', 'tick', 'tick', 1, 'stop', 'stopped']);
    expect(s).toMatchObject({ phase: 'recorded', elapsed: 1 });
    expect(run(['retake'], s)).toEqual({ phase: 'starting', countdown: 0, elapsed: 0 });
  });

  it('tells a refused camera from a missing one, and tries again', () => {
    expect(run(['open', 'cameraDenied']).phase).toBe('denied');
    expect(run(['open', 'cameraFailed']).phase).toBe('unsupported');
    expect(run(['open', 'cameraDenied', 'open', 'cameraReady']).phase).toBe('ready');
  });

  it('ignores events that do not belong to the phase', () => {
    expect(run(['record'])).toEqual(initialRecorderState);
    expect(run(['open', 'stopped']).phase).toBe('starting');
    expect(run(['open', 'cameraReady', 'record', 'stop']).phase).toBe('ready');
  });
});

describe('recorder helpers', () => {
  it('prefers WebM VP8/Opus, then MP4', () => {
    expect(pickRecordingFormat(() => true).mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecordingFormat((t) => t === 'video/mp4')).toEqual({
      mimeType: 'video/mp4',
      fileType: 'video/mp4',
      extension: 'mp4',
    });
    expect(pickRecordingFormat(() => false).mimeType).toBeUndefined();
  });

  it('formats the timer and recognises a refusal', () => {
    expect(formatSeconds(75)).toBe('1:15');
    expect(isPermissionDenied(new DOMException('no', 'NotAllowedError'))).toBe(true);
    expect(isPermissionDenied(new DOMException('none', 'NotFoundError'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  initialRecorderState,
  isSafariOrIos,
  maxRecordingSeconds,
  recorderReducer,
  type TRecorderEvent,
  type TRecorderState,
} from './recorder-machine.ts';

const run = (events: TRecorderEvent[], from: TRecorderState = initialRecorderState) =>
  events.reduce(recorderReducer, from);

describe('recorder state machine (spec 3 §2 Recorder, §9)', () => {
  it('counts down 3 s before recording, counts the recording time, and stops into review', () => {
    let s = run([{ type: 'cameraReady' }, { type: 'record' }]);
    expect(s).toMatchObject({ phase: 'countdown', countdown: 3 });
    s = run([{ type: 'tick' }, { type: 'tick' }], s);
    expect(s).toMatchObject({ phase: 'countdown', countdown: 1 });
    s = run([{ type: 'tick' }], s);
    expect(s).toMatchObject({ phase: 'recording', elapsed: 0 });
    // Ticks no longer count the recording; the clock from the first recorded frame does.
    s = run([{ type: 'tick' }, { type: 'tick' }], s);
    expect(s.elapsed).toBe(0);
    s = run([{ type: 'elapsed', seconds: 4.5 }], s);
    expect(s.elapsed).toBe(4.5);
    expect(run([{ type: 'elapsed', seconds: 2 }], initialRecorderState).elapsed).toBe(0);
    s = run([{ type: 'stopped' }], s);
    expect(s.phase).toBe('review');
    expect(run([{ type: 'retake' }], s)).toEqual(initialRecorderState);
  });

  it('saves to success or failure, and Return goes back to the take', () => {
    const review = run([
      { type: 'cameraReady' },
      { type: 'record' },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'stopped' },
    ]);
    expect(run([{ type: 'save' }, { type: 'saved' }], review).phase).toBe('success');
    const failed = run([{ type: 'save' }, { type: 'saveFailed' }], review);
    expect(failed.phase).toBe('failure');
    expect(run([{ type: 'return' }], failed).phase).toBe('review');
    expect(run([{ type: 'save' }, { type: 'saveCancelled' }], review).phase).toBe('review');
  });

  it('ignores a stop that is not during recording and a record before the camera is ready', () => {
    expect(run([{ type: 'record' }]).phase).toBe('starting');
    expect(run([{ type: 'cameraReady' }, { type: 'stopped' }]).phase).toBe('preview');
  });

  it('limits recordings to 148 s, or the limit query value minus 2', () => {
    expect(maxRecordingSeconds('')).toBe(148);
    expect(maxRecordingSeconds('?limit=62')).toBe(60);
    expect(maxRecordingSeconds('?limit=abc')).toBe(148);
    expect(maxRecordingSeconds('?limit=1')).toBe(148);
  });

  it('sends Safari and iOS to the info page, not Chrome or Edge', () => {
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const iosChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) CriOS/131.0 Mobile/15E148 Safari/604.1';
    expect(isSafariOrIos(safari)).toBe(true);
    expect(isSafariOrIos(iosChrome)).toBe(true);
    expect(isSafariOrIos(chrome)).toBe(false);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_QUESTION } from '@hirecast/domain/interview';
import { PracticeRound } from './practice-round.tsx';

// jsdom has neither a camera nor MediaRecorder: small stand-ins that behave like Chrome's (as in
// video-recorder.test.tsx).
const fakeStream = { getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream;

class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8,opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'video/webm;codecs=vp8,opus';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  start(timeslice: number) {
    this.state = 'recording';
    this.timer = setInterval(
      () => this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) }),
      timeslice,
    );
  }
  stop() {
    clearInterval(this.timer);
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

const fetchSpy = vi.fn(() => Promise.reject(new Error('The practice round must not call the server')));
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve(fakeStream)) },
  });
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('XMLHttpRequest', vi.fn());
  URL.createObjectURL = vi.fn(() => 'blob:practice');
  URL.revokeObjectURL = vi.fn();
  fetchSpy.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const click = (name: string) => act(async () => screen.getByRole('button', { name }).click());

describe('the practice round (issue 25: never saved)', () => {
  it('prepares, records by itself when the preparation ends, plays the take back, and sends nothing', async () => {
    const onDone = vi.fn();
    render(<PracticeRound onDone={onDone} />);
    expect(screen.getByText('Practice — not sent')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: PRACTICE_QUESTION.prompt })).toBeInTheDocument();
    await act(async () => {});
    expect(screen.getByRole('timer')).toHaveTextContent('Time to prepare: 0:10');
    // The preparation runs out: the 3-2-1 countdown and the recording start by themselves.
    await act(async () => vi.advanceTimersByTime(PRACTICE_QUESTION.prepSeconds * 1000));
    expect(screen.getByText('Recording starts in 3…')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3000));
    await act(async () => vi.advanceTimersByTime(2100));
    await click('Stop recording');
    expect(screen.getByLabelText('Your practice take')).toHaveAttribute('src', 'blob:practice');

    // Again, from the start: a fresh preparation time.
    await click('Practise again');
    await act(async () => {});
    expect(screen.getByRole('timer')).toHaveTextContent('Time to prepare: 0:10');
    await click('Start recording');
    await act(async () => vi.advanceTimersByTime(3000));
    await act(async () => vi.advanceTimersByTime(1100));
    await click('Stop recording');
    await click('Go to question 1');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(XMLHttpRequest).not.toHaveBeenCalled();
  });
});

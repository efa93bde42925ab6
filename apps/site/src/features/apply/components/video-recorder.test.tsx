import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoRecorder, type TRecording } from './video-recorder.tsx';

// jsdom has neither a camera nor MediaRecorder: small stand-ins that behave like Chrome's.
const stopTrack = vi.fn();
const fakeStream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;

class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8,opus';
  /** Chrome's MP4 hands over its first chunk only once its first fragment is complete, seconds in. */
  static firstChunkAfterMs: number | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  timeslice = 0;
  readonly options: MediaRecorderOptions;
  constructor(_stream: MediaStream, options: MediaRecorderOptions) {
    this.options = options;
    FakeMediaRecorder.instances.push(this);
  }
  private timer: ReturnType<typeof setInterval> | undefined;
  start(timeslice: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
    // WebM's first frames arrive one timeslice after the start, as in Chrome; its MP4 comes in late fragments.
    const chunk = () => this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) });
    const late = FakeMediaRecorder.firstChunkAfterMs;
    if (late === null) this.timer = setInterval(chunk, timeslice);
    else this.timer = setTimeout(chunk, late);
  }
  get mimeType() {
    return this.options.mimeType ?? '';
  }
  stop() {
    clearInterval(this.timer);
    clearTimeout(this.timer);
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(getUserMedia) } });
}

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.firstChunkAfterMs = null;
  stopTrack.mockClear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const click = (name: string) => act(async () => screen.getByRole('button', { name }).click());

describe('VideoRecorder', () => {
  it('counts down 3-2-1, records with a visible timer, and hands over the recording on stop', async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    const recordings: TRecording[] = [];
    const onBusy = vi.fn();
    render(
      <VideoRecorder
        recordedUrl={null}
        onRecorded={(r) => recordings.push(r)}
        onRetake={vi.fn()}
        onUseFile={vi.fn()}
        onBusy={onBusy}
      />,
    );
    expect(onBusy).toHaveBeenLastCalledWith(false);
    await click('Turn on camera');
    // The step hides its record/upload switch while the camera is in use.
    expect(onBusy).toHaveBeenLastCalledWith(true);
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: true,
    });
    await click('Start recording');
    expect(screen.getByText('Recording starts in 3')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3000));
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.options).toEqual({ mimeType: 'video/webm;codecs=vp8,opus' });
    expect(recorder.timeslice).toBe(100);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00 / 2:00');
    // The time counts from MediaRecorder.start().
    await act(async () => vi.advanceTimersByTime(4600));
    expect(screen.getByRole('timer')).toHaveTextContent('0:04 / 2:00');
    await click('Stop recording');
    expect(recordings).toHaveLength(1);
    expect(recordings[0]).toMatchObject({ fileType: 'video/webm', extension: 'webm' });
    expect(recordings[0]!.seconds).toBeCloseTo(4.5, 0);
    expect(recordings[0]!.blob.size).toBeGreaterThan(0);
    // The camera is released once the recording is done.
    expect(stopTrack).toHaveBeenCalled();
  });

  it("records Chrome's H.264 and counts its time from the start, though its first chunk comes 5 s in", async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    vi.spyOn(FakeMediaRecorder, 'isTypeSupported').mockImplementation(
      (type) => type === 'video/mp4;codecs=avc1,opus' || type.startsWith('video/webm'),
    );
    FakeMediaRecorder.firstChunkAfterMs = 5000;
    const recordings: TRecording[] = [];
    render(
      <VideoRecorder
        recordedUrl={null}
        onRecorded={(r) => recordings.push(r)}
        onRetake={vi.fn()}
        onUseFile={vi.fn()}
      />,
    );
    await click('Turn on camera');
    await click('Start recording');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(FakeMediaRecorder.instances[0]!.options).toEqual({ mimeType: 'video/mp4;codecs=avc1,opus' });
    await act(async () => vi.advanceTimersByTime(2600));
    // No chunk yet, and the timer already says what the file will hold.
    expect(screen.getByRole('timer')).toHaveTextContent('0:02 / 2:00');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:04 / 2:00');
    await click('Stop recording');
    expect(recordings[0]).toMatchObject({ fileType: 'video/mp4', extension: 'mp4' });
    expect(recordings[0]!.seconds).toBeCloseTo(4.6, 0);
  });

  it('stops by itself at 2 minutes', async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    const onRecorded = vi.fn();
    render(
      <VideoRecorder recordedUrl={null} onRecorded={onRecorded} onRetake={vi.fn()} onUseFile={vi.fn()} />,
    );
    await click('Turn on camera');
    await click('Start recording');
    await act(async () => vi.advanceTimersByTime(3000));
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(onRecorded).toHaveBeenCalledWith(expect.objectContaining({ seconds: 120 }));
  });

  it('explains how to allow a blocked camera, and offers a file instead', async () => {
    stubCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const onUseFile = vi.fn();
    render(
      <VideoRecorder recordedUrl={null} onRecorded={vi.fn()} onRetake={vi.fn()} onUseFile={onUseFile} />,
    );
    await click('Turn on camera');
    expect(screen.getByRole('alert')).toHaveTextContent('We cannot use your camera.');
    expect(screen.getByText('Allow the camera and the microphone for this site.')).toBeInTheDocument();
    await click('Upload a video instead');
    expect(onUseFile).toHaveBeenCalled();
  });

  it('previews a recording and offers a retake', async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    const onRetake = vi.fn();
    render(
      <VideoRecorder recordedUrl="blob:rec" onRecorded={vi.fn()} onRetake={onRetake} onUseFile={vi.fn()} />,
    );
    expect(screen.getByLabelText('Your recording')).toHaveAttribute('src', 'blob:rec');
    await click('Retake');
    expect(onRetake).toHaveBeenCalled();
  });
});

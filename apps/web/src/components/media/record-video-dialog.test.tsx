import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { RECORDER_INVALID_VIDEO } from '@hirecast/domain/asset';
import { makeVideoAsset, mockApi, renderWithQuery } from './media-test-utils.tsx';
import { RecordVideoDialog } from './record-video-dialog.tsx';

const uploadVideo = vi.hoisted(() => vi.fn());
vi.mock('./api/upload-video.ts', () => ({ uploadVideo }));

// A MediaRecorder that records nothing but behaves like the browser's: start(timeslice), stop() → data, stop.
class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  // WebM only, like Firefox; the H.264 test below says otherwise.
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly options: { mimeType?: string };
  constructor(_stream: unknown, options: { mimeType?: string }) {
    this.options = options;
    FakeMediaRecorder.instances.push(this);
  }
  private timer: ReturnType<typeof setInterval> | undefined;
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
    // WebM's first frames arrive one timeslice after the start, as in Chrome (the timer counts from start()).
    this.timer = setInterval(
      () => this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) }),
      timeslice ?? 1000,
    );
  }
  stop() {
    if (this.state === 'inactive') return;
    clearInterval(this.timer);
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frames'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

function fakeStream() {
  const track = { stop: vi.fn(), getSettings: () => ({ width: 1280, height: 720 }) };
  return { track, stream: { getTracks: () => [track], getVideoTracks: () => [track] } };
}

let getUserMedia: ReturnType<typeof vi.fn>;
let tracks: { stop: ReturnType<typeof vi.fn> }[];

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  tracks = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  getUserMedia = vi.fn(async () => {
    const { track, stream } = fakeStream();
    tracks.push(track);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  uploadVideo.mockReset();
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

// In the app the recorder is under the router: Animate opens the animated video editor.
const renderDialog = (onSaved = vi.fn(), onClose = vi.fn(), animate?: boolean) =>
  renderWithQuery(
    <MemoryRouter initialEntries={['/jobs/j-1']}>
      <RecordVideoDialog open onClose={onClose} onSaved={onSaved} animate={animate} />
      <Location />
    </MemoryRouter>,
  );

async function startButton() {
  const button = await screen.findByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function recordTake(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await startButton());
  act(() => vi.advanceTimersByTime(3000));
  await user.click(await screen.findByRole('button', { name: 'Stop' }));
  await screen.findByLabelText('Recorded video');
}

describe('RecordVideoDialog', () => {
  it('counts down 3 s, records in 100 ms slices with a timer, stops, and retakes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Record your video' })).toBeInTheDocument();
    await user.click(await startButton());
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: true,
    });

    expect(screen.getByLabelText('Recording starts in 3')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByLabelText('Recording starts in 2')).toBeInTheDocument();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    act(() => vi.advanceTimersByTime(2000));

    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(FakeMediaRecorder.instances).toHaveLength(1);
    expect(FakeMediaRecorder.instances[0]!.timeslice).toBe(100);
    expect(FakeMediaRecorder.instances[0]!.options.mimeType).toContain('video/webm');
    expect(screen.getByRole('timer')).toHaveTextContent('0:00 / 2:28');
    // The time counts from MediaRecorder.start().
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.getByRole('timer')).toHaveTextContent('0:02 / 2:28');

    await user.click(stop);
    expect(await screen.findByLabelText('Recorded video')).toHaveAttribute('src', 'blob:recording');
    // The camera is released while the take is reviewed.
    await waitFor(() => expect(tracks[0]!.stop).toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: 'Retake' }));
    await startButton();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByLabelText('Recorded video')).not.toBeInTheDocument();
  });

  it('uploads the take, creates the asset and offers Add; Add hands the asset back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const asset = makeVideoAsset({ _id: 'a-9', status: 'in progress' });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/asset' ? { status: 201, body: { data: asset } } : undefined,
    );
    uploadVideo.mockImplementation(({ onProgress }: { onProgress: (p: number) => void }) => {
      onProgress(40);
      return { done: Promise.resolve('upload-1'), abort: vi.fn() };
    });
    const onSaved = vi.fn();
    renderDialog(onSaved);
    await recordTake(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your video has been saved')).toBeInTheDocument();
    expect(uploadVideo).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'recording.webm' }));
    expect(calls.find((c) => c.path === '/asset')?.body).toMatchObject({
      type: 0,
      fileName: 'recording.webm',
      uploadId: 'upload-1',
      dimension: 'landscape',
      width: 1280,
      height: 720,
    });
    expect(screen.getByRole('button', { name: 'Animate' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSaved).toHaveBeenCalledWith(asset);
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/j-1');
  });

  it('records H.264 MP4 where the browser can, so the server remuxes instead of transcoding', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(FakeMediaRecorder, 'isTypeSupported').mockImplementation(() => true);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/asset'
        ? { status: 201, body: { data: makeVideoAsset({ _id: 'a-8' }) } }
        : undefined,
    );
    uploadVideo.mockImplementation(() => ({ done: Promise.resolve('upload-2'), abort: vi.fn() }));
    renderDialog();
    await recordTake(user);
    expect(FakeMediaRecorder.instances[0]!.options.mimeType).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your video has been saved');
    expect(uploadVideo).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'recording.mp4' }));
    expect(calls.find((c) => c.path === '/asset')?.body).toMatchObject({ fileName: 'recording.mp4' });
  });

  it('Animate closes the recorder and opens the editor with the video, in its format', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // A portrait camera (a phone held upright): the editor opens in portrait.
    getUserMedia.mockImplementation(async () => {
      const track = { stop: vi.fn(), getSettings: () => ({ width: 720, height: 1280 }) };
      tracks.push(track);
      return { getTracks: () => [track], getVideoTracks: () => [track] };
    });
    const asset = makeVideoAsset({ _id: 'a-10', status: 'in progress', dimension: 'portrait' });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/asset' ? { status: 201, body: { data: asset } } : undefined,
    );
    uploadVideo.mockReturnValue({ done: Promise.resolve('upload-3'), abort: vi.fn() });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderDialog(onSaved, onClose);
    await recordTake(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Animate' }));

    expect(calls.find((c) => c.path === '/asset')?.body).toMatchObject({ dimension: 'portrait' });
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create-portrait?clip=a-10');
  });

  it('offers no Animate where the video goes into an animated video already', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi((call) =>
      call.method === 'POST' && call.path === '/asset'
        ? { status: 201, body: { data: makeVideoAsset({ _id: 'a-11' }) } }
        : undefined,
    );
    uploadVideo.mockReturnValue({ done: Promise.resolve('upload-4'), abort: vi.fn() });
    renderDialog(vi.fn(), vi.fn(), false);
    await recordTake(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Animate' })).not.toBeInTheDocument();
  });

  it('shows the error dialog when saving fails, and Return goes back to the take', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }));
    uploadVideo.mockReturnValue({ done: Promise.resolve('upload-2'), abort: vi.fn() });
    renderDialog();
    await recordTake(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("Ooops - something's not right. We're working hard to fix it."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('explains how to allow the camera when permission is denied, with the upload alternative', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    renderDialog();
    expect(await screen.findByRole('heading', { name: 'Allow access to your camera' })).toBeInTheDocument();
    for (const browser of ['Chrome:', 'Edge:', 'Firefox:'])
      expect(screen.getByText(browser)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await startButton();
  });

  it('shows the info page with an upload button for other camera errors', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Busy', 'NotReadableError'));
    renderDialog();
    expect(
      await screen.findByRole('heading', { name: 'Recording is not available here' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeInTheDocument();
  });

  it('checks a picked file with the recorder messages and reviews a good one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderDialog();
    await startButton();
    const input = screen.getByLabelText('Video file');

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText(RECORDER_INVALID_VIDEO)).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'clip.webm', { type: 'video/webm' }));
    // The spec's message has two spaces after 'of'; keep them.
    expect(
      screen.getByText('File type must be one of  mp4, mov, qt or avi.', {
        normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
      }),
    ).toBeInTheDocument();
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 501 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByText('The file cannot be larger than 500 mb.')).toBeInTheDocument();

    await user.upload(input, new File(['x'], 'interview.mp4', { type: 'video/mp4' }));
    expect(await screen.findByLabelText('Recorded video')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('interview');
    await waitFor(() => expect(tracks[0]!.stop).toHaveBeenCalled());
  });

  it('reads the size of a picked file, so Animate opens a portrait file in portrait', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/asset'
        ? { status: 201, body: { data: makeVideoAsset({ _id: 'a-12', dimension: null }) } }
        : undefined,
    );
    uploadVideo.mockReturnValue({ done: Promise.resolve('upload-5'), abort: vi.fn() });
    const onClose = vi.fn();
    renderDialog(vi.fn(), onClose);
    await startButton();
    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'phone.mp4', { type: 'video/mp4' }),
    );
    const review = await screen.findByLabelText<HTMLVideoElement>('Recorded video');
    Object.defineProperties(review, { videoWidth: { value: 1080 }, videoHeight: { value: 1920 } });
    fireEvent.loadedMetadata(review);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Animate' }));
    expect(calls.find((c) => c.path === '/asset')?.body).toMatchObject({
      dimension: 'portrait',
      width: 1080,
      height: 1920,
    });
    // The server answered no dimension yet (it probes the file later): the take's size decides.
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create-portrait?clip=a-12');
    expect(onClose).toHaveBeenCalled();
  });
});

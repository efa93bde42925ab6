import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CAPTIONS_CHOICE_KEY } from '@hirecast/domain/captions';
import type { TTranscript, TTranscriptionUsage } from '@hirecast/domain/transcript';
import { mockApi } from '../../test/mock-api.ts';
import { VideoWithTranscript } from './video-with-transcript.tsx';

// Issue 34 item 4: the transcript beside a candidate's video: the line being said follows the player's
// currentTime, a click or Enter on a line moves the player there, the states and "Try again".
const ASSET = '3f1c0d52-8a61-4c8e-9d3c-5b7a2e1f0a11';
const transcript = (over: Partial<TTranscript> = {}): TTranscript => ({
  _id: 't1',
  assetId: ASSET,
  status: 'done',
  failureReason: null,
  language: 'en',
  model: 'whisper-1',
  durationSeconds: 12,
  attempts: 1,
  segments: [
    { start: 0.5, end: 3.2, text: ' I have worked in coffee for six years.' },
    { start: 3.2, end: 7.9, text: ' Every morning I brewed espresso.' },
    { start: 7.9, end: 11, text: ' I trained four baristas.' },
  ],
  summary: null,
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:00:00Z',
  ...over,
});
const usage: TTranscriptionUsage = {
  engine: true,
  monthlyMinutes: null,
  usedMinutes: 3,
  month: '2026-12',
  answerSummaries: false,
  summariesAvailable: false,
};

function renderPlayer(answer: TTranscript | null, { startAt }: { startAt?: number } = {}) {
  let current = answer;
  const calls = mockApi((call) => {
    if (call.path === `/asset/${ASSET}/transcript`) return current ? { body: { data: current } } : undefined;
    if (call.path === '/transcription/usage') return { body: { data: usage } };
    if (call.method === 'POST' && call.path === `/asset/${ASSET}/transcript/retry`) {
      current = transcript({ status: 'queued', segments: [] });
      return { status: 202, body: { data: current } };
    }
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VideoWithTranscript
        assetId={ASSET}
        src="/files/answer.mp4"
        label="Answer to question 1"
        startAt={startAt}
      />
    </QueryClientProvider>,
  );
  const video = screen.getByLabelText('Answer to question 1') as HTMLVideoElement;
  const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
  return { calls, video, play };
}

/** The player reaching `seconds`, as the browser reports it. */
function playTo(video: HTMLVideoElement, seconds: number) {
  act(() => {
    video.currentTime = seconds;
    fireEvent.timeUpdate(video);
  });
}
const currentLine = () =>
  within(screen.getByRole('list', { name: 'Transcript: Answer to question 1' }))
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'true');

describe('VideoWithTranscript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the line being said as the video plays', async () => {
    const { video } = renderPlayer(transcript());
    expect(
      await screen.findByRole('button', { name: /Every morning I brewed espresso/ }),
    ).toBeInTheDocument();
    expect(currentLine()).toBeUndefined();
    playTo(video, 1);
    expect(currentLine()).toHaveTextContent('0:00I have worked in coffee for six years.');
    playTo(video, 5.5);
    expect(currentLine()).toHaveTextContent('Every morning I brewed espresso.');
    playTo(video, 9);
    expect(currentLine()).toHaveTextContent('I trained four baristas.');
    // Back again (the viewer dragged the bar).
    playTo(video, 3.3);
    expect(currentLine()).toHaveTextContent('Every morning I brewed espresso.');
  });

  it('plays from a line on a click, and on Enter', async () => {
    const { video, play } = renderPlayer(transcript());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /I trained four baristas/ }));
    expect(video.currentTime).toBe(7.9);
    expect(play).toHaveBeenCalledTimes(1);
    expect(currentLine()).toHaveTextContent('I trained four baristas.');
    screen.getByRole('button', { name: /Every morning/ }).focus();
    await user.keyboard('{Enter}');
    expect(video.currentTime).toBe(3.2);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('puts the captions on the player in the language heard', async () => {
    const { video } = renderPlayer(transcript({ language: 'de' }));
    await screen.findByRole('button', { name: /I trained four baristas/ });
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', `/api/asset/${ASSET}/captions.vtt`);
    expect(track).toHaveAttribute('srclang', 'de');
    expect(track).toHaveAttribute('label', 'German');
    expect(track).toHaveAttribute('default');
  });

  it('has the CC button every player has: on by default, its choice remembered', async () => {
    localStorage.removeItem(CAPTIONS_CHOICE_KEY);
    renderPlayer(transcript());
    const cc = await screen.findByRole('button', { name: 'Captions' });
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('off');
    await userEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('on');
  });

  it('starts at the moment a search opened it at, in view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { video } = renderPlayer(transcript(), { startAt: 7.9 });
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    await screen.findByRole('button', { name: /I trained four baristas/ });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(7.9);
    expect(currentLine()).toHaveTextContent('I trained four baristas.');
  });

  it('says why a transcript failed, and "Try again" queues it', async () => {
    const { calls } = renderPlayer(
      transcript({
        status: 'failed',
        failureReason: 'The transcription engine kept answering 503 (5 tries)',
        segments: [],
      }),
    );
    expect(
      await screen.findByText(/could not be made: The transcription engine kept answering 503 \(5 tries\)/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/The transcript is being made/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/asset/${ASSET}/transcript/retry`,
    ]);
    expect(screen.getByLabelText('Answer to question 1').querySelector('track')).toBeNull();
  });

  it('shows the machine-written summary, labelled, its times playing the answer there', async () => {
    const { video } = renderPlayer(
      transcript({
        summary: {
          points: [{ text: 'Years in coffee', quote: 'worked in coffee for six years', start: 0.5 }],
        },
      }),
    );
    const summary = await screen.findByRole('region', { name: 'Machine-written summary' });
    expect(summary).toHaveTextContent('Years in coffee: “worked in coffee for six years”');
    await userEvent.setup().click(within(summary).getByRole('button', { name: 'at 0:00' }));
    expect(video.currentTime).toBe(0.5);
  });

  it('says when a video has no transcript and no engine is set up', async () => {
    usage.engine = false;
    renderPlayer(null);
    expect(await screen.findByText('No transcript: no transcription engine is set up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make the transcript' })).toBeNull();
    usage.engine = true;
  });
});

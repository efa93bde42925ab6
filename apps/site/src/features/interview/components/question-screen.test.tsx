import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCandidateQuestion } from '@hirecast/domain/interview';
import { QuestionScreen } from './question-screen.tsx';

// Issue 33 item 2: a recording starts by itself only after a preparation the candidate watched run out here;
// back on an opened question (a reload), the page says so and waits for "Start recording".

const fakeStream = { getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream;
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8,opus';
}

const NOW = Date.parse('2026-12-01T10:00:00.000Z');
const question = (over: Partial<TCandidateQuestion> = {}): TCandidateQuestion => ({
  _id: 'q1',
  position: 0,
  prompt: 'Why this café?',
  promptVideo: null,
  answerType: 'video',
  options: [],
  required: true,
  prepSeconds: 30,
  limitSeconds: 60,
  maxChars: null,
  retakes: 1,
  takesUsed: 0,
  takesLeft: 2,
  status: 'preparing',
  prepStartedAt: new Date(NOW - 25_000).toISOString(),
  prepEndsAt: new Date(NOW + 5_000).toISOString(),
  takes: [],
  answer: null,
  ...over,
});

/** Every call the page makes: opening a question answers `opened`; a take never answers (it is only counted). */
const calls: string[] = [];
let opened: TCandidateQuestion = question();
const fetchSpy = vi.fn((url: string) => {
  calls.push(url);
  if (url.endsWith('/start'))
    return Promise.resolve(new Response(JSON.stringify({ data: opened }), { status: 200 }));
  return new Promise<Response>(() => {});
});
const takeCalls = () => calls.filter((url) => url.endsWith('/questions/q1/takes'));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve(fakeStream)) },
  });
  vi.stubGlobal('fetch', fetchSpy);
  calls.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const show = (q: TCandidateQuestion, offsetMs = 0) =>
  render(
    <QuestionScreen token="t" question={q} index={0} total={1} offsetMs={offsetMs} onAnswered={() => {}} />,
  );

describe('the question screen after a reload (issue 33 item 2)', () => {
  it('resumes the running preparation, then waits for the candidate to start recording', async () => {
    show(question());
    await act(async () => {});
    expect(screen.getByText('Welcome back: question 1’s preparation is running.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(
      'Time to prepare: 0:05 — then you start recording when you are ready.',
    );
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('heading', { name: 'Your preparation time has ended' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing is being recorded: you start the recording when you are ready.'),
    ).toBeInTheDocument();
    expect(takeCalls()).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Start recording' }).click());
    expect(takeCalls()).toHaveLength(1);
  });

  it('back after the preparation ended: says what happened and what is left, records nothing', async () => {
    show(question({ prepEndsAt: new Date(NOW - 60_000).toISOString(), takesUsed: 1, takesLeft: 1 }));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(
      screen.getByText(
        'Question 1’s preparation time ended while you were away. A take did not finish (the page closed while recording) and counts as used.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You have 1 take left. Record now when you are ready: press Start recording and a 3-second countdown starts it.',
      ),
    ).toBeInTheDocument();
    expect(takeCalls()).toEqual([]);
  });

  it('opened here, the preparation running out starts the recording by itself (with its countdown)', async () => {
    opened = question({
      prepStartedAt: new Date(NOW).toISOString(),
      prepEndsAt: new Date(NOW + 30_000).toISOString(),
    });
    // This device reckons the server's clock 0.4 s behind (the page's load time).
    show(question({ status: 'new', prompt: null, prepStartedAt: null, prepEndsAt: null }), -400);
    await act(async () => screen.getByRole('button', { name: 'Show question 1' }).click());
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    // Never more than the 30 s it allows (30.4 s left, rounded up, would read 0:31).
    expect(screen.getByRole('timer')).toHaveTextContent(
      'Time to prepare: 0:30 — recording starts by itself when it ends.',
    );
    await act(async () => vi.advanceTimersByTime(31_000));
    expect(takeCalls()).toHaveLength(1);
  });
});

describe('the prompt video (issue 34 item 2)', () => {
  it('plays its captions through a track made in the browser', async () => {
    const made: BlobPart[][] = [];
    // jsdom makes no object URLs: the captions file gets this one.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (made.push([blob]), 'blob:prompt-captions'),
      revokeObjectURL: () => {},
    });
    const vtt = 'WEBVTT\n\n1\n00:00:00.500 --> 00:00:03.000\nWhat does great service mean to you?\n';
    show(
      question({
        answerType: 'text',
        maxChars: 500,
        promptVideo: { url: '/q.mp4', poster: null, duration: 4, captions: { language: 'en', vtt } },
      }),
    );
    const player = await screen.findByLabelText('The question as a video');
    const track = player.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('src', 'blob:prompt-captions');
    expect(await (made[0]![0] as Blob).text()).toBe(vtt);
  });
});

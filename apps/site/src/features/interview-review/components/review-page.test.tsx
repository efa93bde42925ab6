import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interviewMessages } from '@hirecast/domain/interview';
import { mockApi } from '../../../../../web/src/test/mock-api.ts';
import type { TReview } from '../api/load-review.ts';
import { ReviewPage } from './review-page.tsx';

// Issue 33 item 3: a review page's media URLs live minutes; the open page fetches fresh ones at a third of their
// life, and when the link was revoked meanwhile it says so and its media go.

const TOKEN = 'a'.repeat(43);
const review = (n: number): TReview => ({
  job: { title: 'Barista', companyName: 'Northwind' },
  candidate: { name: null, email: null, cvUrl: `/storage/cv.pdf?v=${n}`, cvName: 'CV.pdf' },
  expiresAt: '2030-01-01T00:00:00.000Z',
  mediaSeconds: 300,
  transcripts: [],
  questions: [
    {
      _id: 'q1',
      position: 0,
      prompt: 'Your certificate',
      promptVideoId: null,
      promptVideo: null,
      answerType: 'file',
      options: [],
      prepSeconds: null,
      limitSeconds: null,
      maxChars: null,
      retakes: 0,
      required: true,
      reopenedAt: null,
      answer: {
        _id: 'a1',
        questionId: 'q1',
        status: 'answered',
        submittedAt: '2026-12-01T00:00:00.000Z',
        takesUsed: 0,
        prepUsedSeconds: 0,
        ratings: [],
        average: null,
        file: {
          name: 'Answer to question 1.pdf',
          url: `/storage/file.pdf?v=${n}`,
          contentType: 'application/pdf',
        },
      },
    },
  ],
});

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the review page', () => {
  it('renews its media URLs while open, and closes when the link was revoked meanwhile', async () => {
    let answer: { status?: number; body: unknown } = { body: { data: review(2) } };
    const calls = mockApi((call) => (call.path === `/public/interview-review/${TOKEN}` ? answer : undefined));
    render(<ReviewPage token={TOKEN} review={review(1)} />);
    expect(screen.getByRole('link', { name: 'Download CV.pdf' })).toHaveAttribute(
      'href',
      '/storage/cv.pdf?v=1',
    );
    expect(screen.getByRole('link', { name: 'Download Answer to question 1.pdf' })).toHaveAttribute(
      'href',
      '/storage/file.pdf?v=1',
    );

    // Nothing is fetched before a third of the media's life.
    await act(() => vi.advanceTimersByTimeAsync(99_000));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Download CV.pdf' })).toHaveAttribute(
      'href',
      '/storage/cv.pdf?v=2',
    );
    expect(screen.getByRole('link', { name: 'Download Answer to question 1.pdf' })).toHaveAttribute(
      'href',
      '/storage/file.pdf?v=2',
    );

    answer = { status: 410, body: { error: { code: 'GONE', message: interviewMessages.shareRevoked } } };
    await act(() => vi.advanceTimersByTimeAsync(100_000));
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent(interviewMessages.shareRevoked);
    expect(screen.getByRole('heading', { name: 'This link has closed' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    // And it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(calls).toHaveLength(2);
  });
});

describe('a video answer on the review page (issue 34 item 4)', () => {
  it('shows its transcript with captions on the player; a line plays from its start and is marked while said', async () => {
    vi.useRealTimers();
    const created: string[] = [];
    // jsdom makes no object URLs: the page's captions file gets this one.
    Object.assign(URL, {
      createObjectURL: () => (created.push('x'), 'blob:vtt'),
      revokeObjectURL: () => {},
    });
    const base = review(1);
    const withVideo: TReview = {
      ...base,
      transcripts: [
        {
          assetId: 'v1',
          language: 'en',
          segments: [
            { start: 0, end: 2, text: 'Hello, I make coffee.' },
            { start: 2, end: 5.5, text: 'Mornings suit me best.' },
          ],
        },
      ],
      questions: [
        {
          ...base.questions[0]!,
          answerType: 'video',
          answer: {
            ...base.questions[0]!.answer!,
            file: undefined,
            video: { assetId: 'v1', status: 'prepared', url: '/storage/v1.mp4', poster: null, duration: 5.5 },
          },
        },
      ],
    };
    mockApi(() => undefined);
    render(<ReviewPage token={TOKEN} review={withVideo} />);
    const player = screen.getByLabelText('Video answer') as HTMLVideoElement;
    const track = player.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track.getAttribute('src')).toBe('blob:vtt');
    expect(created).toHaveLength(1);

    const play = vi.spyOn(player, 'play').mockResolvedValue(undefined);
    const second = screen.getByRole('button', { name: '0:02 Mornings suit me best.' });
    second.click();
    expect(player.currentTime).toBe(2);
    expect(play).toHaveBeenCalled();
    await act(async () => void player.dispatchEvent(new Event('timeupdate')));
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: '0:00 Hello, I make coffee.' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { TCandidateQuestion } from '@hirecast/domain/interview';
import { formatDuration, prepSecondsLeft, questionTerms, totalSeconds } from './interview-format.ts';

const question = (over: Partial<TCandidateQuestion>): TCandidateQuestion => ({
  _id: 'q',
  position: 0,
  prompt: 'Why us?',
  promptVideo: null,
  answerType: 'video',
  options: [],
  required: true,
  prepSeconds: null,
  limitSeconds: 120,
  maxChars: null,
  retakes: 1,
  takesUsed: 0,
  takesLeft: 2,
  status: 'new',
  prepStartedAt: null,
  prepEndsAt: null,
  takes: [],
  answer: null,
  ...over,
});

describe('what the first screen says of each question', () => {
  it('names the type, the preparation, the answer time and the retakes', () => {
    expect(questionTerms(question({ prepSeconds: 30 }))).toEqual([
      'Video answer',
      '30 seconds to prepare',
      'up to 2 minutes to answer',
      '1 retake',
    ]);
    expect(questionTerms(question({ limitSeconds: null, retakes: null, required: false }))).toEqual([
      'Video answer',
      'no time limit',
      'unlimited retakes',
      'optional',
    ]);
    expect(questionTerms(question({ retakes: 0 }))).toContain('one take');
    expect(
      questionTerms(question({ answerType: 'text', limitSeconds: null, retakes: 0, maxChars: 2000 })),
    ).toEqual(['Written answer', 'up to 2,000 characters']);
  });

  it('adds up the time the video answers allow, preparation included', () => {
    const set = [
      question({ prepSeconds: 30, limitSeconds: 90 }),
      question({ answerType: 'text', prepSeconds: 60, limitSeconds: null }),
    ];
    expect(totalSeconds(set)).toBe(180);
    expect(formatDuration(90)).toBe('1 minute 30 seconds');
    expect(formatDuration(120)).toBe('2 minutes');
    expect(formatDuration(1)).toBe('1 second');
  });
});

describe('the preparation countdown (issue 33 item 10)', () => {
  const started = Date.parse('2026-12-01T10:00:00.000Z');
  const prep = (over: Partial<TCandidateQuestion> = {}) =>
    question({ prepSeconds: 30, prepEndsAt: new Date(started + 30_000).toISOString(), ...over });

  it('never shows more than the preparation allows, however late this device reckons the server clock', () => {
    // The device reckons the server 0.4 s behind (the page's load time): 30.4 s left would round up to 0:31.
    expect(prepSecondsLeft(prep(), started - 400)).toBe(30);
    expect(prepSecondsLeft(prep(), started - 5_000)).toBe(30);
    expect(prepSecondsLeft(prep(), started + 200)).toBe(30);
    expect(prepSecondsLeft(prep(), started + 1_000)).toBe(29);
    expect(prepSecondsLeft(prep(), started + 29_001)).toBe(1);
    expect(prepSecondsLeft(prep(), started + 30_000)).toBe(0);
    expect(prepSecondsLeft(prep(), started + 90_000)).toBe(0);
  });

  it('counts the prompt video in, and has nothing to show without a preparation time', () => {
    const withVideo = prep({
      promptVideo: { url: null, poster: null, duration: 12.4 },
      prepEndsAt: new Date(started + 43_000).toISOString(),
    });
    expect(prepSecondsLeft(withVideo, started - 400)).toBe(43);
    expect(prepSecondsLeft(question({}), started)).toBeNull();
  });
});

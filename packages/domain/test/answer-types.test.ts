import { describe, expect, it } from 'vitest';
import { answerReviewModel, heldAnswerType } from '../src/answer-review.ts';
import { assertNever } from '../src/assert-never.ts';
import {
  ANSWER_TYPES,
  answerColumns,
  interviewMessages,
  storedAnswerValue,
  storedSettings,
  ZInterviewQuestionInput,
  type TInterviewAnswer,
} from '../src/interview.ts';

// Issue 36 item 3: answer types as discriminated unions, and one review model of each answer shared by the
// app's review and the site's review.

const base: TInterviewAnswer = {
  _id: 'a1',
  questionId: 'q1',
  status: 'answered',
  submittedAt: '2026-12-01T10:00:00.000Z',
  takesUsed: 0,
  prepUsedSeconds: 4,
  ratings: [],
  average: null,
};
const video = { assetId: 'v1', status: 'ready', url: '/v.mp4', poster: '/p.jpg', duration: 42 };

describe('the review model of an answer', () => {
  it('gives each answer type its kind and the words both review pages show', () => {
    expect(answerReviewModel('text', { ...base, text: 'Friday nights.' })).toEqual({
      kind: 'text',
      text: 'Friday nights.',
    });
    expect(answerReviewModel('choice', { ...base, choice: { index: 1, label: 'Late' } })).toEqual({
      kind: 'choice',
      label: 'Late',
      text: 'Chose: Late',
    });
    expect(
      answerReviewModel('file', {
        ...base,
        file: { name: 'cert.pdf', url: '/f.pdf', contentType: 'application/pdf' },
      }),
    ).toEqual({ kind: 'file', name: 'cert.pdf', url: '/f.pdf', text: 'Download cert.pdf' });
    expect(answerReviewModel('video', { ...base, video, takesUsed: 3 })).toEqual({
      kind: 'video',
      video,
      processing: false,
      takes: 'Take chosen from 3 takes',
    });
    expect(
      answerReviewModel('video', { ...base, video: { ...video, url: null }, takesUsed: 1 }),
    ).toMatchObject({
      processing: true,
      takes: 'Take 1 of 1',
    });
  });

  it('shows a skipped answer as skipped, whatever its type', () => {
    for (const type of ANSWER_TYPES)
      expect(answerReviewModel(type, { ...base, status: 'skipped' })).toEqual({
        kind: 'skipped',
        text: 'Skipped (optional question)',
      });
  });

  it("reads the question's type, not whatever the answer holds; without the question, what it holds", () => {
    const text = { ...base, text: 'Hello' };
    expect(answerReviewModel('choice', text)).toEqual({ kind: 'empty' });
    expect(heldAnswerType(text)).toBe('text');
    expect(answerReviewModel(null, text)).toEqual({ kind: 'text', text: 'Hello' });
    expect(answerReviewModel(null, base)).toEqual({ kind: 'empty' });
  });
});

describe('question settings by answer type', () => {
  const input = (extra: Record<string, unknown>) =>
    ZInterviewQuestionInput.safeParse({ prompt: 'Tell us', ...extra });

  it('refuses an unknown answer type with a clear message on its field', () => {
    const result = input({ answerType: 'audio' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['answerType'], message: interviewMessages.answerType },
    ]);
  });

  it('names each field that does not belong to the type, as before', () => {
    const result = input({ answerType: 'text', options: ['a'], limitSeconds: 60, retakes: 2 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['options', interviewMessages.optionsOnlyForChoice],
      ['limitSeconds', interviewMessages.limitOnlyForVideo],
      ['retakes', interviewMessages.retakesOnlyForVideo],
    ]);
  });

  it('stores what the type owns and empties the rest, in the same JSON shape for every type', () => {
    const parsed = ZInterviewQuestionInput.parse({
      prompt: 'Pick one',
      answerType: 'choice',
      options: ['Early', 'Late'],
      prepSeconds: 30,
    });
    expect(storedSettings(parsed)).toEqual({
      promptVideoId: null,
      answerType: 'choice',
      options: ['Early', 'Late'],
      prepSeconds: 30,
      limitSeconds: null,
      maxChars: null,
      retakes: 0,
      required: true,
    });
    const video = storedSettings(
      ZInterviewQuestionInput.parse({ prompt: 'Say', answerType: 'video', limitSeconds: 60, retakes: null }),
    );
    expect(video).toMatchObject({ options: [], limitSeconds: 60, maxChars: null, retakes: null });
    for (const type of ANSWER_TYPES)
      expect(Object.keys(storedSettings({ ...parsed, answerType: type })).sort()).toEqual(
        Object.keys(video).sort(),
      );
  });
});

describe('a stored answer by answer type', () => {
  const row = {
    takeId: 't1',
    text: 'Hi',
    choiceIndex: 2,
    fileKey: 'k/f.pdf',
    fileName: 'cert.pdf',
    fileType: 'application/pdf',
  };
  it('reads only the columns of its question type, and writes them back', () => {
    expect(storedAnswerValue('video', row)).toEqual({ answerType: 'video', takeId: 't1' });
    expect(storedAnswerValue('text', row)).toEqual({ answerType: 'text', text: 'Hi' });
    expect(storedAnswerValue('choice', row)).toEqual({ answerType: 'choice', choiceIndex: 2 });
    expect(answerColumns(storedAnswerValue('file', row)!)).toEqual({
      fileKey: 'k/f.pdf',
      fileName: 'cert.pdf',
      fileType: 'application/pdf',
    });
    expect(storedAnswerValue('text', { ...row, text: null })).toBeNull();
  });

  it('assertNever throws on a value the types did not foresee', () => {
    expect(() => assertNever('audio' as never, 'answer type')).toThrow('Unhandled answer type: "audio"');
  });
});

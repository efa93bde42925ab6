import { describe, expect, it } from 'vitest';
import { ZPutInterviewRequest } from '@hirecast/domain/interview';
import { draftOf, moveItem, newQuestion, requestOf, settingsFor } from './interview-draft.ts';

describe('the interview editor draft', () => {
  it('starts a new interview with one video question the API accepts once it has a prompt', () => {
    const draft = draftOf(null);
    expect(draft.questions).toHaveLength(1);
    expect(ZPutInterviewRequest.safeParse(requestOf(draft)).success).toBe(false);
    draft.questions[0]!.prompt = 'Why this job?';
    const parsed = ZPutInterviewRequest.safeParse(requestOf(draft));
    expect(parsed.success).toBe(true);
    expect(requestOf(draft).questions[0]).not.toHaveProperty('key');
  });

  it('keeps only the fields of the answer type chosen, so the API never refuses a switch of type', () => {
    const video = { ...newQuestion('video'), prompt: 'Q', prepSeconds: 30 };
    const text = { ...video, ...settingsFor('text', video) };
    expect(text).toMatchObject({
      answerType: 'text',
      limitSeconds: null,
      retakes: 0,
      maxChars: 2000,
      prepSeconds: 30,
    });
    const choice = { ...text, ...settingsFor('choice', text), options: ['Yes', 'No'] };
    expect(choice).toMatchObject({ maxChars: null, retakes: 0, limitSeconds: null });
    const request = requestOf({
      inApply: true,
      asStage: false,
      practiceQuestion: false,
      questions: [video, text, choice],
    });
    expect(ZPutInterviewRequest.safeParse(request).success).toBe(true);
  });

  it('sends the prompt video as its id, and keeps it (title, poster) from the saved interview', () => {
    const promptVideo = {
      _id: '5b7c1a52-0a41-4c8e-9d0e-3f2b8c1d2e4f',
      title: 'Hi',
      url: '/v.mp4',
      poster: null,
    };
    const draft = draftOf(null);
    draft.questions[0] = { ...draft.questions[0]!, prompt: 'Why us?', promptVideo };
    const request = requestOf(draft);
    expect(request.questions[0]).toMatchObject({ promptVideoId: promptVideo._id });
    expect(request.questions[0]).not.toHaveProperty('promptVideo');
    expect(ZPutInterviewRequest.safeParse(request).success).toBe(true);
    draft.questions[0]!.promptVideo = null;
    expect(requestOf(draft).questions[0]).toMatchObject({ promptVideoId: null });
  });

  it('moves a question up and down', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { AI_WIZARD_QUESTIONS, locationPhrase, ZAiDescriptionRequest } from '../src/ai-description.ts';
import { AI_TONES } from '../src/job.ts';
import { jobMessages } from '../src/job-messages.ts';

const valid = {
  jobTitle: 'Barista',
  jobLocation: { city: 'Leeds', country: 'United Kingdom' },
  answer: { question1: 'a', question2: 'b', question3: 'c', question4: 'd' },
  tone: 'fun',
};
const issues = (input: unknown) =>
  Object.fromEntries(
    (ZAiDescriptionRequest.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('AI_WIZARD_QUESTIONS', () => {
  it('has the four steps question1..question4, each with a label and helper text', () => {
    expect(AI_WIZARD_QUESTIONS.map((q) => q.key)).toEqual([
      'question1',
      'question2',
      'question3',
      'question4',
    ]);
    for (const q of AI_WIZARD_QUESTIONS) {
      expect(q.label.length).toBeGreaterThan(10);
      expect(q.helperText.length).toBeGreaterThan(10);
    }
  });
});

describe('ZAiDescriptionRequest (spec 1 §5 AI wizard)', () => {
  it('accepts every tone of spec 1 §3', () => {
    for (const tone of AI_TONES)
      expect(ZAiDescriptionRequest.safeParse({ ...valid, tone }).success).toBe(true);
    expect(issues({ ...valid, tone: 'angry' }).tone).toBeDefined();
  });

  it("needs the title: 'Please fill in the title'", () => {
    expect(issues({ ...valid, jobTitle: ' ' })).toEqual({ jobTitle: jobMessages.aiFillTitle });
    expect(issues({ ...valid, jobTitle: undefined })).toEqual({ jobTitle: jobMessages.aiFillTitle });
  });

  it("needs every answer: 'Please fill in the field'", () => {
    expect(issues({ ...valid, answer: { question1: 'a', question2: '', question3: 'c' } })).toEqual({
      'answer.question2': jobMessages.aiFillField,
      'answer.question4': jobMessages.aiFillField,
    });
    expect(issues({ ...valid, answer: undefined })).toEqual({ answer: jobMessages.aiFillField });
  });

  it('takes the location as an object, text or nothing', () => {
    expect(ZAiDescriptionRequest.safeParse({ ...valid, jobLocation: 'Remote' }).success).toBe(true);
    expect(ZAiDescriptionRequest.safeParse({ ...valid, jobLocation: null }).success).toBe(true);
    expect(locationPhrase({ city: 'Leeds', county: 'Leeds', country: 'United Kingdom' })).toBe(
      'Leeds, United Kingdom',
    );
    expect(locationPhrase(undefined)).toBe('');
  });
});

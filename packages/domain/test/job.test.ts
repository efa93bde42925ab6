import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AI_SETTINGS,
  DELTA_LIMITS,
  deltaHasText,
  isSalaryValue,
  missingRequiredJobFields,
  ZCreateJobRequest,
  ZDelta,
  ZJobsQuery,
  ZJobStatusRequest,
  ZReorderJobsRequest,
  ZShareEmailRequest,
  ZShortUrlRequest,
  ZUpdateJobRequest,
} from '../src/job.ts';
import { jobMessages } from '../src/job-messages.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('job request schemas (spec 1 §5 Job)', () => {
  it('trims text and accepts the maximum title length', () => {
    const parsed = ZUpdateJobRequest.parse({ title: `  ${'a'.repeat(90)}  `, customQuestion: ' Why us? ' });
    expect(parsed.title).toHaveLength(90);
    expect(parsed.customQuestion).toBe('Why us?');
  });

  it('refuses a title or custom question over 90 characters', () => {
    expect(firstMessage(ZUpdateJobRequest.safeParse({ title: 'a'.repeat(91) }))).toBe(
      'Title must be at most 90 characters',
    );
    expect(firstMessage(ZUpdateJobRequest.safeParse({ customQuestion: 'a'.repeat(91) }))).toBe(
      'Custom question must be at most 90 characters',
    );
  });

  it('refuses unknown fields and wrong enum values', () => {
    expect(ZCreateJobRequest.safeParse({ title: 'x', isFirstJob: true }).success).toBe(false);
    expect(ZUpdateJobRequest.safeParse({ employmentType: 'full time' }).success).toBe(false);
    expect(ZUpdateJobRequest.safeParse({ locationType: 'hybrid' }).success).toBe(false);
    expect(
      ZUpdateJobRequest.safeParse({ employmentType: 'zero hours', locationType: 'flexible' }).success,
    ).toBe(true);
  });

  it("salary from/to must be numeric: 'Salary should be numeric value.'", () => {
    const salary = (from: string) => ({ salary: { from, to: null, currency: 'GBP', unit: 'annually' } });
    expect(firstMessage(ZUpdateJobRequest.safeParse(salary('abc')))).toBe(jobMessages.salaryNumeric);
    expect(firstMessage(ZUpdateJobRequest.safeParse(salary('12k')))).toBe(jobMessages.salaryNumeric);
    expect(ZUpdateJobRequest.safeParse(salary('25,000.50')).success).toBe(true);
    expect(ZUpdateJobRequest.safeParse(salary('')).success).toBe(true);
    expect(isSalaryValue(' 1.5 ')).toBe(true);
    expect(isSalaryValue('-1')).toBe(false);
  });

  it("score 0-5 with one decimal: 'Score must be in a range 0-5'", () => {
    const score = (value: unknown) => ZUpdateJobRequest.safeParse({ aiSettings: { score: value } });
    expect(firstMessage(score(5.1))).toBe(jobMessages.scoreRange);
    expect(firstMessage(score(-0.1))).toBe(jobMessages.scoreRange);
    expect(firstMessage(score(4.25))).toBe(jobMessages.scoreRange);
    expect(firstMessage(score('4'))).toBe(jobMessages.scoreRange);
    expect(score(0).success && score(5).success && score(4.7).success).toBe(true);
  });

  it('redirect URL must be https and valid', () => {
    expect(
      firstMessage(ZUpdateJobRequest.safeParse({ customApplicationURL: 'http://ats.example.com' })),
    ).toBe(jobMessages.redirectUrlInvalid);
    expect(firstMessage(ZUpdateJobRequest.safeParse({ customApplicationURL: 'https://nohost' }))).toBe(
      jobMessages.redirectUrlInvalid,
    );
    expect(ZUpdateJobRequest.safeParse({ customApplicationURL: 'https://ats.example.com/a' }).success).toBe(
      true,
    );
    expect(ZUpdateJobRequest.safeParse({ customApplicationURL: '' }).success).toBe(true);
  });

  it('status, list query, reorder and short-url requests', () => {
    expect(ZJobStatusRequest.safeParse({ status: 'open', acknowledged: { firstJob: true } }).success).toBe(
      true,
    );
    expect(ZJobStatusRequest.safeParse({ status: 'live' }).success).toBe(false);
    expect(ZJobStatusRequest.safeParse({ status: 'open', acknowledged: { other: true } }).success).toBe(
      false,
    );
    expect(ZJobsQuery.parse({ search: ' chef ', status: 'open' })).toEqual({
      search: 'chef',
      status: 'open',
    });
    expect(ZJobsQuery.safeParse({ status: 'all' }).success).toBe(false);
    expect(ZReorderJobsRequest.safeParse({ jobsOrder: [] }).success).toBe(false);
    expect(ZReorderJobsRequest.safeParse({ jobsOrder: [{ _id: 'x', order: 0 }] }).success).toBe(false);
    expect(ZShortUrlRequest.safeParse({ redirectURL: 'https://example.com/a' }).success).toBe(true);
    expect(ZShortUrlRequest.safeParse({ redirectURL: 'nope' }).success).toBe(false);
  });

  it('email share: up to 3 distinct valid emails, message up to 300', () => {
    const ok = { to: ['a@acme.com', 'b@acme.com', 'c@acme.com'], message: 'Look' };
    expect(ZShareEmailRequest.safeParse(ok).success).toBe(true);
    expect(ZShareEmailRequest.safeParse({ ...ok, to: [...ok.to, 'd@acme.com'] }).success).toBe(false);
    expect(firstMessage(ZShareEmailRequest.safeParse({ to: ['a@acme.com', 'a@acme.com'] }))).toBe(
      jobMessages.duplicateEmail,
    );
    expect(ZShareEmailRequest.safeParse({ ...ok, message: 'x'.repeat(301) }).success).toBe(false);
  });
});

describe('missingRequiredJobFields (spec 1 §5)', () => {
  it('lists every missing field in the order of the dialog', () => {
    expect(missingRequiredJobFields({})).toEqual(['Title', 'Description', 'Location', 'Job Post Heading']);
    expect(
      missingRequiredJobFields({
        title: 'Chef',
        description: { ops: [{ insert: 'Cook.\n' }] },
        location: { country: 'United Kingdom' },
        postHeading: 'Join us',
      }),
    ).toEqual([]);
    expect(missingRequiredJobFields({ title: '  ', description: { ops: [{ insert: '\n' }] } })).toEqual([
      'Title',
      'Description',
      'Location',
      'Job Post Heading',
    ]);
  });

  it('deltaHasText ignores whitespace and embeds', () => {
    expect(deltaHasText({ ops: [{ insert: { image: 'x' } }, { insert: ' \n' }] })).toBe(false);
    expect(deltaHasText(null)).toBe(false);
    expect(deltaHasText({ ops: [{ insert: 'a' }] })).toBe(true);
  });

  it('defaults: AI settings of §9', () => {
    expect(DEFAULT_AI_SETTINGS).toMatchObject({
      score: 4,
      isDisableApplicantFeedbackDialog: true,
      isScreening: false,
    });
  });
});

describe('ZDelta bounds', () => {
  const nested = (depth: number) => {
    let value: unknown = true;
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it('keeps flat Quill formats and embeds', () => {
    const delta = {
      ops: [
        { insert: 'Chef', attributes: { bold: true, header: 2, link: 'https://a.example', align: null } },
        { insert: { image: 'https://a.example/a.png' }, attributes: { width: '320' } },
        { insert: { widget: { id: 'x', size: 2 } } },
        { retain: 4, attributes: { italic: true } },
        { delete: 2 },
      ],
    };
    expect(ZDelta.parse(delta)).toEqual(delta);
  });

  it('refuses nested attributes, deep embeds, many or long keys and long values', () => {
    const many = Object.fromEntries(Array.from({ length: DELTA_LIMITS.keys + 1 }, (_, i) => [`k${i}`, 1]));
    for (const op of [
      { insert: 'x', attributes: { bold: nested(1) } },
      { insert: 'x', attributes: { bold: nested(5000) } },
      { insert: { image: nested(2) } },
      { retain: { image: nested(5000) } },
      { insert: 'x', attributes: many },
      { insert: 'x', attributes: { ['k'.repeat(DELTA_LIMITS.keyMax + 1)]: true } },
      { insert: 'x', attributes: { link: 'x'.repeat(DELTA_LIMITS.valueMax + 1) } },
    ]) {
      const parsed = ZDelta.safeParse({ ops: [op] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(jobMessages.descriptionUnreadable);
    }
  });
});

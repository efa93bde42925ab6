import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS, type TDelta } from '../src/job.ts';
import { requirementsOf, roundFitScore, screeningAction } from '../src/screening.ts';

const delta = (blocks: [string, Record<string, string | number | boolean>?][]): TDelta => ({
  ops: blocks.flatMap(([text, attributes]) => [
    { insert: text },
    attributes ? { insert: '\n', attributes } : { insert: '\n' },
  ]),
});

describe('requirementsOf', () => {
  it('reads the list under a requirements heading, after the job title', () => {
    const description = delta([
      ['We are hiring a barista.'],
      ['Responsibilities', { header: 2 }],
      ['Serve customers', { list: 'bullet' }],
      ['Requirements', { header: 2 }],
      ['Espresso and latte art', { list: 'bullet' }],
      ['Food hygiene certificate', { list: 'bullet' }],
      ['Benefits', { header: 2 }],
      ['Free coffee', { list: 'bullet' }],
    ]);
    expect(requirementsOf({ title: 'Barista', description })).toEqual([
      'Experience as Barista',
      'Espresso and latte art',
      'Food hygiene certificate',
    ]);
  });

  it('takes a "…will have:" lead-in as a heading, the way the offline composer writes it', () => {
    const description = delta([
      ['The ideal candidate will have:'],
      ['Three years in a fresh food kitchen', { list: 'bullet' }],
    ]);
    expect(requirementsOf({ title: '', description })).toEqual(['Three years in a fresh food kitchen']);
  });

  it('falls back to every list item but the benefits, then to sentences', () => {
    const lists = delta([
      ['Duties', { header: 2 }],
      ['Run the pass', { list: 'bullet' }],
      ['What we offer', { header: 2 }],
      ['Free meals', { list: 'bullet' }],
    ]);
    expect(requirementsOf({ title: 'Chef', description: lists })).toEqual([
      'Experience as Chef',
      'Run the pass',
    ]);
    const prose = delta([['You know Kubernetes well. You have shipped Go services. Hi.']]);
    expect(requirementsOf({ title: '', description: prose })).toEqual([
      'You know Kubernetes well.',
      'You have shipped Go services.',
    ]);
  });
});

describe('screeningAction (spec 1 §3 aiSettings, §4 cascade)', () => {
  const on = { ...DEFAULT_AI_SETTINGS, isScreening: true, isAutoShortlist: true, score: 3 };

  it('shortlists at or above the score, with the email only when isShortlist is on', () => {
    expect(screeningAction(on, { score: 3, status: 'new' })).toEqual({
      action: 'shortlist',
      sendEmail: false,
    });
    expect(screeningAction({ ...on, isShortlist: true }, { score: 4.2, status: 'new' })).toEqual({
      action: 'shortlist',
      sendEmail: true,
    });
  });

  it('rejects below the score only when auto-rejection is on', () => {
    expect(screeningAction(on, { score: 2.9, status: 'new' })).toBeNull();
    expect(screeningAction({ ...on, isAutoRejection: true }, { score: 2.9, status: 'new' })).toEqual({
      action: 'reject',
      sendEmail: true,
    });
  });

  it('does nothing when ranking or auto-shortlist is off (the cascade), or a person already acted', () => {
    const rejecting = { ...on, isAutoRejection: true, isShortlist: true };
    expect(screeningAction({ ...rejecting, isScreening: false }, { score: 5, status: 'new' })).toBeNull();
    expect(screeningAction({ ...rejecting, isAutoShortlist: false }, { score: 0, status: 'new' })).toBeNull();
    expect(screeningAction(rejecting, { score: 5, status: 'interviewing' })).toBeNull();
    expect(screeningAction(rejecting, { score: 0, status: 'shortlisted' })).toBeNull();
  });
});

it('roundFitScore keeps 0 to 5 with one decimal', () => {
  expect(roundFitScore(3.14159)).toBe(3.1);
  expect(roundFitScore(7)).toBe(5);
  expect(roundFitScore(-1)).toBe(0);
  expect(roundFitScore(Number.NaN)).toBe(0);
});

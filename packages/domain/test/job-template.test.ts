import { describe, expect, it } from 'vitest';
import { deltaHasText, JOB_LIMITS, ZDelta } from '../src/job.ts';
import {
  DEFAULT_DESCRIPTION_TEMPLATE,
  fillDescriptionTemplate,
  fillJobTitle,
  JOB_TITLE_PLACEHOLDER,
  VIDEO_INTRO_QUESTIONS,
} from '../src/job-template.ts';

const text = (delta: { ops: { insert?: unknown }[] }) =>
  delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');

describe('the default description template (spec 1 §2)', () => {
  it('is a valid Delta with text', () => {
    expect(ZDelta.safeParse(DEFAULT_DESCRIPTION_TEMPLATE).success).toBe(true);
    expect(deltaHasText(DEFAULT_DESCRIPTION_TEMPLATE)).toBe(true);
  });

  it('has the three headings as Quill headers, with bullets under each', () => {
    const headings = DEFAULT_DESCRIPTION_TEMPLATE.ops
      .map((op, i, ops) => (op.attributes?.header ? ops[i - 1]?.insert : null))
      .filter(Boolean);
    expect(headings).toEqual(['Responsibilities', 'Requirements', 'Benefits']);
    const bullets = DEFAULT_DESCRIPTION_TEMPLATE.ops.filter((op) => op.attributes?.list === 'bullet');
    expect(bullets).toHaveLength(9);
  });

  it('holds the job title placeholder', () => {
    expect(text(DEFAULT_DESCRIPTION_TEMPLATE)).toContain(JOB_TITLE_PLACEHOLDER);
  });

  it('fills the title in without changing the template', () => {
    const filled = fillDescriptionTemplate('Head Chef');
    expect(text(filled)).toContain('We are looking for a Head Chef to join our team.');
    expect(text(filled)).not.toContain(JOB_TITLE_PLACEHOLDER);
    expect(text(DEFAULT_DESCRIPTION_TEMPLATE)).toContain(JOB_TITLE_PLACEHOLDER);
    expect(filled.ops).toHaveLength(DEFAULT_DESCRIPTION_TEMPLATE.ops.length);
  });

  it("reads 'this role' without a title and fills every occurrence", () => {
    expect(text(fillDescriptionTemplate('  '))).toContain('We are looking for a this role');
    expect(fillJobTitle(`${JOB_TITLE_PLACEHOLDER} / ${JOB_TITLE_PLACEHOLDER}`, 'Nurse')).toBe(
      'Nurse / Nurse',
    );
    expect(fillJobTitle('Join us', 'Nurse')).toBe('Join us');
  });
});

describe('VIDEO_INTRO_QUESTIONS (spec 1 §9: eight presets)', () => {
  it('has eight distinct questions that fit the question field', () => {
    expect(VIDEO_INTRO_QUESTIONS).toHaveLength(8);
    expect(new Set(VIDEO_INTRO_QUESTIONS).size).toBe(8);
    for (const q of VIDEO_INTRO_QUESTIONS) {
      expect(q.length).toBeLessThanOrEqual(JOB_LIMITS.customQuestionMax);
      expect(q).toMatch(/^[A-Z].*[.?]$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { truncateTitle } from './job-edit-header.tsx';
import { isScoreText, toJobForm, toJobPatch } from './job-form.ts';
import { makeJob } from './job-fixture.test-util.ts';
import { needsCropWarning } from './job-image-field.tsx';

describe('editor helpers', () => {
  it('warns about cropping only for landscape images that are not 16:9', () => {
    expect(needsCropWarning(1600, 900)).toBe(false);
    expect(needsCropWarning(1200, 900)).toBe(true);
    expect(needsCropWarning(900, 1600)).toBe(false); // portrait: not a landscape ratio
  });

  it('truncates titles over 50 characters in the header', () => {
    expect(truncateTitle('a'.repeat(50))).toBe('a'.repeat(50));
    expect(truncateTitle('a'.repeat(51))).toBe(`${'a'.repeat(50)}…`);
  });

  it('accepts scores from 0 to 5 with one decimal', () => {
    expect(['0', '4', '3.5', '5'].every(isScoreText)).toBe(true);
    expect(['5.1', '-1', '3.55', '', 'x'].some(isScoreText)).toBe(false);
  });

  it('maps form values to the PATCH fields: inverse pre-launch, trimmed text, null for empty', () => {
    const form = { ...toJobForm(makeJob()), preLaunch: true, customQuestion: '  ', title: ' Chef ' };
    expect(toJobPatch('preLaunch', form)).toEqual({ isHiringNow: false });
    expect(toJobPatch('customQuestion', form)).toEqual({ customQuestion: null });
    expect(toJobPatch('title', form)).toEqual({ title: 'Chef' });
  });
});

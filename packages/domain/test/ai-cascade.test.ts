import { describe, expect, it } from 'vitest';
import { applyAiCascade, areShortlistControlsEnabled } from '../src/ai-cascade.ts';
import { DEFAULT_AI_SETTINGS, type TAiSettings } from '../src/job.ts';

const allOn: TAiSettings = {
  isScreening: true,
  isShortlist: true,
  score: 3.5,
  isAutoShortlist: true,
  isAutoRejection: true,
  isDisableApplicantFeedbackDialog: false,
};

describe('applyAiCascade (spec 1 §4 AI switches cascade)', () => {
  it('keeps every switch when nothing is turned off', () => {
    expect(applyAiCascade(allOn, { score: 4.2 })).toEqual({ ...allOn, score: 4.2 });
    expect(applyAiCascade(allOn)).toEqual(allOn);
  });

  it('turning CV ranking off forces auto-shortlist off, the feedback dialog disabled and both emails off', () => {
    expect(applyAiCascade(allOn, { isScreening: false })).toEqual({
      isScreening: false,
      isAutoShortlist: false,
      isDisableApplicantFeedbackDialog: true,
      isShortlist: false,
      isAutoRejection: false,
      score: 3.5,
    });
  });

  it('turning auto-shortlist off forces the same three and keeps CV ranking', () => {
    expect(applyAiCascade(allOn, { isAutoShortlist: false })).toEqual({
      ...allOn,
      isAutoShortlist: false,
      isDisableApplicantFeedbackDialog: true,
      isShortlist: false,
      isAutoRejection: false,
    });
  });

  it('refuses dependent switches while their parents are off (the controls are disabled)', () => {
    expect(applyAiCascade(DEFAULT_AI_SETTINGS, { isShortlist: true, isAutoRejection: true })).toEqual(
      DEFAULT_AI_SETTINGS,
    );
    expect(
      applyAiCascade(DEFAULT_AI_SETTINGS, { isAutoShortlist: true, isDisableApplicantFeedbackDialog: false }),
    ).toEqual(DEFAULT_AI_SETTINGS);
  });

  it('lets the switches be turned on together', () => {
    const next = applyAiCascade(DEFAULT_AI_SETTINGS, {
      isScreening: true,
      isAutoShortlist: true,
      isShortlist: true,
      isAutoRejection: true,
      isDisableApplicantFeedbackDialog: false,
    });
    expect(next).toEqual({ ...allOn, score: DEFAULT_AI_SETTINGS.score });
  });

  it('ignores undefined values in the patch and does not change its input', () => {
    const prev = { ...allOn };
    expect(applyAiCascade(prev, { isScreening: undefined })).toEqual(allOn);
    applyAiCascade(prev, { isScreening: false });
    expect(prev).toEqual(allOn);
  });

  it('enables shortlist controls only while both switches are on', () => {
    expect(areShortlistControlsEnabled({ isScreening: true, isAutoShortlist: true })).toBe(true);
    expect(areShortlistControlsEnabled({ isScreening: false, isAutoShortlist: true })).toBe(false);
    expect(areShortlistControlsEnabled({ isScreening: true, isAutoShortlist: false })).toBe(false);
  });
});

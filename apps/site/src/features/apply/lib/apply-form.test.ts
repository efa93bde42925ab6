import { applyMessages, ZApplyRequest } from '@hirecast/domain/application';
import { describe, expect, it } from 'vitest';
import {
  buildApplyRequest,
  emptyDraft,
  emptyExperience,
  errorsOfStep,
  restoreDraft,
  stepOfField,
  validateDraft,
  type TApplyDraft,
} from './apply-form.ts';

const rules = { videoRequired: false, questionRequired: false, hasVideo: false };
const filled = (overrides: Partial<TApplyDraft> = {}): TApplyDraft => ({
  ...emptyDraft(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  consent: true,
  ...overrides,
});

describe('validateDraft', () => {
  it('asks for both names and a valid email, with the spec messages', () => {
    const errors = validateDraft({ ...emptyDraft(), email: 'not-an-email' }, rules);
    expect(errors.firstName).toBe(applyMessages.firstNameRequired);
    expect(errors.lastName).toBe(applyMessages.lastNameRequired);
    expect(errors.email).toBe(applyMessages.emailInvalid);
    expect(errors.consent).toBe(applyMessages.consentRequired);
  });

  it('accepts a complete draft', () => {
    expect(validateDraft(filled(), rules)).toEqual({});
  });

  it('refuses a link that is not a web link', () => {
    expect(validateDraft(filled({ socialNetworkLink: 'linkedin' }), rules).socialNetworkLink).toBe(
      applyMessages.linkInvalid,
    );
  });

  it("takes 'present' as the end of a current job, and refuses an end before the start", () => {
    const current = {
      ...emptyExperience(),
      title: 'Cook',
      employer: 'Inn',
      startDate: '2022-03',
      present: true,
    };
    expect(validateDraft(filled({ experience: [current] }), rules)).toEqual({});
    const backwards = { ...current, present: false, endDate: '2021-01' };
    expect(validateDraft(filled({ experience: [backwards] }), rules)['experience.0.endDate']).toBe(
      applyMessages.endBeforeStart,
    );
    const missing = { ...current, present: false, endDate: '' };
    expect(validateDraft(filled({ experience: [missing] }), rules)['experience.0.endDate']).toBe(
      applyMessages.dateInvalid,
    );
  });

  it('requires the video only when the job does, and the custom answer when there is a question', () => {
    expect(validateDraft(filled(), { ...rules, videoRequired: true }).video).toBe(
      applyMessages.videoRequired,
    );
    expect(validateDraft(filled(), { ...rules, videoRequired: true, hasVideo: true }).video).toBeUndefined();
    expect(validateDraft(filled(), { ...rules, questionRequired: true }).customQuestion).toBe(
      applyMessages.answerRequired,
    );
  });

  it('sorts errors into the step that shows them', () => {
    const errors = validateDraft(
      { ...emptyDraft(), experience: [emptyExperience()] },
      { ...rules, videoRequired: true },
    );
    expect(Object.keys(errorsOfStep(errors, 0))).toEqual(['firstName', 'lastName', 'email']);
    expect(Object.keys(errorsOfStep(errors, 1))).toContain('experience.0.title');
    expect(Object.keys(errorsOfStep(errors, 2))).toEqual(['video']);
    expect(Object.keys(errorsOfStep(errors, 3))).toEqual(['consent']);
    expect(stepOfField('cv')).toBe(0);
  });
});

describe('buildApplyRequest', () => {
  it('builds a body ZApplyRequest accepts, with empty optionals left out', () => {
    const draft = filled({
      position: '  ',
      experience: [
        {
          ...emptyExperience(),
          title: 'Cook',
          employer: 'Inn',
          startDate: '2020-01',
          endDate: '2021-06',
          info: '',
        },
      ],
    });
    const body = buildApplyRequest(draft, {
      cv: { key: 'k/cv.pdf', fileName: 'cv.pdf' },
      video: { uploadId: 'u1' },
    });
    expect(ZApplyRequest.safeParse(body).success).toBe(true);
    expect(body.position).toBeUndefined();
    expect(body.experience).toEqual([
      {
        title: 'Cook',
        employer: 'Inn',
        location: undefined,
        startDate: '2020-01',
        endDate: '2021-06',
        info: undefined,
      },
    ]);
  });
});

describe('restoreDraft', () => {
  it('keeps what was typed, resets what is malformed, and never restores consent', () => {
    const restored = restoreDraft({ firstName: 'Ada', step: 9, experience: 'x', consent: true });
    expect(restored.firstName).toBe('Ada');
    expect(restored.step).toBe(0);
    expect(restored.experience).toEqual([]);
    expect(restored.consent).toBe(false);
    expect(restoreDraft(null)).toEqual(emptyDraft());
  });
});

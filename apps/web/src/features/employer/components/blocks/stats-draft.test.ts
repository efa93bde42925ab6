import { describe, expect, it } from 'vitest';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { checkStatsDraft } from './stats-draft.ts';

const now = new Date('2026-11-26T10:00:00Z');
const draft = (over: Partial<Parameters<typeof checkStatsDraft>[0]> = {}) => ({
  foundingYear: '',
  employees: '',
  male: '',
  female: '',
  ...over,
});

describe('statistics card figures (spec 3 §5 Statistics)', () => {
  it('turns typed figures into stats, empty fields into null', () => {
    expect(checkStatsDraft(draft({ foundingYear: '1999', employees: '40', male: '25' }), now)).toEqual({
      errors: {},
      stats: { foundingYear: 1999, employees: 40, gender: { male: 25, female: null } },
      genderWarning: null,
    });
  });

  it.each(['99', '19999', '19a9', '-199'])('a year of %s must be 4 digits and is not saved', (year) => {
    const check = checkStatsDraft(draft({ foundingYear: year }), now);
    expect(check.errors.foundingYear).toBe(companyPageMessages.yearDigits);
    expect(check.stats).toBeNull();
  });

  it('refuses a year after this one and accepts this one', () => {
    expect(checkStatsDraft(draft({ foundingYear: '2027' }), now).errors.foundingYear).toBe(
      companyPageMessages.yearInFuture,
    );
    expect(checkStatsDraft(draft({ foundingYear: '2026' }), now).stats?.foundingYear).toBe(2026);
  });

  it('refuses counts that are not whole numbers', () => {
    const check = checkStatsDraft(draft({ employees: '4.5', female: 'ten' }), now);
    expect(check.errors).toEqual({
      employees: companyPageMessages.numberInvalid,
      female: companyPageMessages.numberInvalid,
    });
    expect(check.stats).toBeNull();
  });

  it('warns, but still saves, when men and women do not add up to the employees', () => {
    const check = checkStatsDraft(draft({ employees: '10', male: '4', female: '5' }), now);
    expect(check.genderWarning).toBe(companyPageMessages.genderMismatch);
    expect(check.stats).not.toBeNull();
    expect(checkStatsDraft(draft({ employees: '10', male: '4', female: '6' }), now).genderWarning).toBeNull();
  });
});

import {
  checkFoundingYear,
  companyPageMessages,
  hasGenderMismatch,
  type TCompanyPageStats,
} from '@hirecast/domain/company-page-rules';

// The statistics card's fields as typed (text), and what they mean as stats.
export type TStatsDraft = { foundingYear: string; employees: string; male: string; female: string };
export type TStatsCheck = {
  errors: Partial<Record<keyof TStatsDraft, string>>;
  /** The stats to save, or null while a field is wrong. */
  stats: TCompanyPageStats | null;
  genderWarning: string | null;
};

const asText = (n: number | null) => (n === null ? '' : String(n));
export const statsToDraft = (stats: TCompanyPageStats): TStatsDraft => ({
  foundingYear: asText(stats.foundingYear),
  employees: asText(stats.employees),
  male: asText(stats.gender.male),
  female: asText(stats.gender.female),
});

const asNumber = (text: string) => (text.trim() === '' ? null : Number(text));

// spec 3 §5 Statistics: the year must be 4 digits and not after this year; a gender split that does not add up
// to the employees is a warning, not an error (the figures still save).
export function checkStatsDraft(draft: TStatsDraft, now = new Date()): TStatsCheck {
  const errors: TStatsCheck['errors'] = {};
  if (draft.foundingYear.trim() !== '') {
    const problem = /^\d{4}$/.test(draft.foundingYear.trim())
      ? checkFoundingYear(Number(draft.foundingYear), now)
      : companyPageMessages.yearDigits;
    if (problem) errors.foundingYear = problem;
  }
  for (const key of ['employees', 'male', 'female'] as const) {
    if (draft[key].trim() !== '' && !/^\d{1,8}$/.test(draft[key].trim()))
      errors[key] = companyPageMessages.numberInvalid;
  }
  const stats: TCompanyPageStats = {
    foundingYear: asNumber(draft.foundingYear),
    employees: asNumber(draft.employees),
    gender: { male: asNumber(draft.male), female: asNumber(draft.female) },
  };
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    stats: valid ? stats : null,
    genderWarning: valid && hasGenderMismatch(stats) ? companyPageMessages.genderMismatch : null,
  };
}

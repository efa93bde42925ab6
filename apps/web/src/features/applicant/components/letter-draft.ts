import type { TApplicant } from '@hirecast/domain/application';
import { applicantMessages, type TLetterKind, type TLetterValues } from '@hirecast/domain/applicants';
import type { TManager } from '@hirecast/domain/auth';
import type { TJob } from '@hirecast/domain/job';
import { fillLetter, letterFor, type TCompanyLetter, type TLetter } from '@hirecast/domain/letters';

export const candidateName = (applicant: TApplicant) =>
  `${applicant._profile.personalInfo.firstName} ${applicant._profile.personalInfo.lastName}`.trim();

export const jobTitle = (job: TJob) => job.title.trim() || applicantMessages.untitledJob;

/** The values of a letter's placeholders, as this sender writes it now. */
export function letterValues({
  applicant,
  job,
  me,
}: {
  applicant: TApplicant;
  job: TJob;
  me: TManager;
}): TLetterValues {
  const company = me._companies.find((c) => c._id === me._company)?.name ?? '';
  return {
    candidateName: candidateName(applicant),
    position: me.position ?? '',
    company,
    jobOwner: `${me.firstName} ${me.lastName}`.trim(),
    jobTitle: jobTitle(job),
  };
}

/**
 * The dialog's starting text: the letter of `kind` with its placeholders filled, as plain text the sender
 * can read and change (the server escapes it when it builds the email), in the company's own words where it
 * has written them (settings, Texts tab).
 */
export function draftLetter(
  kind: TLetterKind,
  values: TLetterValues,
  letters: readonly TCompanyLetter[] = [],
): TLetter {
  const letter = letterFor(kind, letters);
  return {
    subject: fillLetter(letter.subject, values, { html: false }),
    text: fillLetter(letter.text, values, { html: false }),
  };
}

/** What every letter dialog of the applicant page starts from: who writes, to whom, and the company's texts. */
export type TLetterSource = {
  applicant: TApplicant;
  job: TJob;
  me: TManager;
  /** The company's own letter texts. */
  letters: readonly TCompanyLetter[];
};

/** The starting letter of `kind` for this applicant, from this sender, in the company's words. */
export const draftFor = (kind: TLetterKind, { applicant, job, me, letters }: TLetterSource) =>
  draftLetter(kind, letterValues({ applicant, job, me }), letters);

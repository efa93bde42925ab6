import type { TLetterKind, TLetterValues } from '@hirecast/domain/applicants';
import { fillLetter, letterFor, type TCompanyLetter, type TLetter } from '@hirecast/domain/letters';

export type TLetterContext = {
  jobTitle: string;
  companyName: string | null;
  /** The company's own letter texts (settings, Texts tab); the defaults fill the kinds it has not written. */
  letters: readonly TCompanyLetter[];
  me: { firstName: string; lastName: string; position: string | null } | null;
};

/**
 * The letter a dialog starts from, with what the page knows filled in so the recruiter reads and edits the
 * real email, in the company's own words where it has written them (settings, Texts tab); placeholders left
 * unfilled (a missing value, or {candidateName} in a letter to many) are filled by the server when it sends.
 */
export function startingLetter(kind: TLetterKind, context: TLetterContext, candidateName?: string): TLetter {
  const values: Partial<TLetterValues> = { jobTitle: context.jobTitle };
  if (candidateName) values.candidateName = candidateName;
  if (context.companyName) values.company = context.companyName;
  if (context.me) {
    const owner = `${context.me.firstName} ${context.me.lastName}`.trim();
    if (owner) values.jobOwner = owner;
    if (context.me.position) values.position = context.me.position;
  }
  const letter = letterFor(kind, context.letters);
  return {
    subject: fillLetter(letter.subject, values, { html: false }),
    text: fillLetter(letter.text, values, { html: false }),
  };
}

import type { TLetterKind, TLetterValues } from '@hirecast/domain/applicants';

// spec 2 §9 Letter tabs: Reject, Shortlist, Interview, Hire, Early Bird, Job Live, Re-engage; and the one-way
// interview's two letters (issue 25).
export const LETTER_TABS = [
  { kind: 'rejection', label: 'Reject', about: 'Sent when you reject an applicant.' },
  { kind: 'shortlist', label: 'Shortlist', about: 'Sent when an applicant is shortlisted.' },
  { kind: 'connection', label: 'Interview', about: 'Sent when you invite an applicant to an interview.' },
  { kind: 'hire', label: 'Hire', about: 'Sent when you hire an applicant.' },
  {
    kind: 'hiringSoon',
    label: 'Early Bird',
    about: 'Sent to candidates who apply while the job is in pre-launch.',
  },
  { kind: 'hiringNow', label: 'Job Live', about: 'Sent to those early applicants when the job goes live.' },
  { kind: 'reengaging', label: 'Re-engage', about: 'Sent when you re-engage past applicants.' },
  // Issue 25: the one-way video interview's letters (its private link and deadline are added below the text).
  {
    kind: 'interviewInvitation',
    label: 'Video interview',
    about: 'Sent with the private link when you invite an applicant to a one-way video interview.',
  },
  {
    kind: 'interviewReminder',
    label: 'Interview reminder',
    about: 'Sent two days before the interview closes, to candidates who have not finished.',
  },
] as const satisfies readonly { kind: TLetterKind; label: string; about: string }[];

export type TLetterTabKind = (typeof LETTER_TABS)[number]['kind'];

// The placeholders of domain letters.ts, as the menu names them.
export const PLACEHOLDER_LABELS: Record<keyof TLetterValues, string> = {
  candidateName: 'Candidate name',
  position: 'Your position',
  company: 'Company name',
  jobOwner: 'Job owner',
  jobTitle: 'Job title',
};

/** Sample values for the live preview. */
export const sampleValues = (input: {
  companyName: string;
  ownerName: string;
  position: string | null;
}): TLetterValues => ({
  candidateName: 'Alex Morgan',
  position: input.position || 'Hiring Manager',
  company: input.companyName,
  jobOwner: input.ownerName,
  jobTitle: 'Head Chef',
});

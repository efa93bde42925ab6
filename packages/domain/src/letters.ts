import { z } from 'zod';
import { LETTER_KINDS, LETTER_PLACEHOLDERS, type TLetterKind, type TLetterValues } from './applicants.ts';

// spec 2 §3 letter texts on the company, §9 letter tabs (issue 6 item 4). A letter is plain text with
// placeholders written {candidateName}, {position}, {company}, {jobOwner} and {jobTitle}:
// - candidateName: the candidate's first and last name;
// - position: the job owner's position in the company (their signature line);
// - company: the company's name;
// - jobOwner: the name of the team member who sends it (the job's creator for automatic emails);
// - jobTitle: the title of the job applied for.
// The defaults below are used for every kind the company has not rewritten.

export type TLetter = { subject: string; text: string };

/**
 * The subject of the confirmation a candidate gets on applying (not a letter the company edits). No default
 * letter shares it, so a later rejection or reply never reads as a second copy of the confirmation.
 */
export const CONFIRMATION_SUBJECT = 'Your application for {jobTitle} at {company}';

const signOff = 'Kind regards,\n{jobOwner}\n{company}';

export const DEFAULT_LETTERS: Record<TLetterKind, TLetter> = {
  rejection: {
    subject: 'An update on your application for {jobTitle} at {company}',
    text: `Dear {candidateName},

Thank you for applying for the {jobTitle} role at {company}, and for the time you put into your application.

We have read every application carefully, and on this occasion we have decided not to take yours further. It was not an easy decision, and we hope you will keep an eye on our future vacancies.

We wish you every success in your search.

${signOff}`,
  },
  connection: {
    subject: "Let's arrange an interview for {jobTitle}",
    text: `Dear {candidateName},

Thank you for your application for the {jobTitle} role. We enjoyed learning about you and would love to meet you for an interview.

Please reply to this email with a few times that suit you, and we will confirm the details.

${signOff}`,
  },
  hire: {
    subject: 'Good news about the {jobTitle} role at {company}',
    text: `Dear {candidateName},

We are delighted to offer you the {jobTitle} role at {company}. Congratulations!

We will be in touch shortly with the details of your offer and the next steps. In the meantime, do reply to this email if you have any questions.

We are looking forward to welcoming you to the team.

${signOff}`,
  },
  shortlist: {
    subject: "You've been shortlisted for {jobTitle} at {company}",
    text: `Dear {candidateName},

Good news: your application for the {jobTitle} role has been shortlisted.

We are reviewing the shortlist now and will be in touch soon about the next step. Thank you for your patience.

${signOff}`,
  },
  communication: {
    subject: 'About your application for {jobTitle} at {company}',
    text: `Dear {candidateName},

Thank you for your application for the {jobTitle} role.

${signOff}`,
  },
  hiringNow: {
    subject: 'We are now hiring for {jobTitle} at {company}',
    text: `Dear {candidateName},

Thank you for applying early for the {jobTitle} role at {company}. We are now hiring, and your application is with the team.

We will be in touch about the next steps soon. There is nothing more you need to do.

${signOff}`,
  },
  hiringSoon: {
    subject: 'Coming soon: {jobTitle} at {company}',
    text: `Dear {candidateName},

Thank you for applying for the {jobTitle} role at {company}. We are getting ready to hire, and you are among the first to apply.

We have kept your application, and we will email you as soon as we start reviewing applications.

${signOff}`,
  },
  interviewInvitation: {
    subject: 'Your interview for {jobTitle} at {company}',
    text: `Dear {candidateName},

Thank you for your application for the {jobTitle} role. We would like to invite you to a short video interview: you answer a few questions in your own time, from your phone or computer.

You will see how many questions there are and how long each allows before you start, and you can stop and come back to it later with the same link.

${signOff}`,
  },
  interviewReminder: {
    subject: 'Reminder: your interview for {jobTitle} at {company}',
    text: `Dear {candidateName},

This is a friendly reminder that your video interview for the {jobTitle} role closes soon. Anything you have already answered is saved; the link below takes you back to where you left off.

${signOff}`,
  },
  reengaging: {
    subject: 'Are you still interested in {jobTitle} at {company}?',
    text: `Dear {candidateName},

Thank you again for your interest in the {jobTitle} role at {company}. We are still hiring, and we would love to hear from you.

If you are still interested, simply reply to this email and we will tell you more about the next steps.

${signOff}`,
  },
};

export const LETTER_LIMITS = { subjectMax: 200, textMax: 5000 } as const;

/** A company's own text for one kind (the settings Texts tab). */
export const ZLetter = z.object({
  kind: z.enum(LETTER_KINDS),
  subject: z.string().trim().min(1).max(LETTER_LIMITS.subjectMax),
  text: z.string().trim().min(1).max(LETTER_LIMITS.textMax),
});
export type TCompanyLetter = z.infer<typeof ZLetter>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PLACEHOLDER = /\{(\w+)\}/g;
const isPlaceholder = (name: string): name is keyof TLetterValues =>
  (LETTER_PLACEHOLDERS as readonly string[]).includes(name);

/**
 * Fills the placeholders of `text`. Every value is HTML-escaped (a candidate's name cannot inject markup), so
 * the result is safe inside HTML when `text` itself is; `{ html: false }` gives the plain-text version.
 * Unknown placeholders, such as a typo like {candidate}, are left as they are so the sender can see them.
 */
export function fillLetter(
  text: string,
  values: Partial<TLetterValues>,
  { html = true }: { html?: boolean } = {},
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

/** The letter of a kind: the company's own text when it has one, else the default. */
export function letterFor(kind: TLetterKind, companyLetters: readonly TCompanyLetter[] = []): TLetter {
  const own = companyLetters.find((l) => l.kind === kind);
  return own ? { subject: own.subject, text: own.text } : DEFAULT_LETTERS[kind];
}

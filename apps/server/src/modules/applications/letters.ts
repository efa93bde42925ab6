import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { apiKeys, companies, companyLetters, jobs, memberships, users } from '@hirecast/db/schema';
import { isApiKeyActorEmail } from '@hirecast/domain/api-keys';
import { ROLES } from '@hirecast/domain/constants';
import type { TDb } from '@hirecast/db/client';
import { applicantMessages, type TLetterKind, type TLetterValues } from '@hirecast/domain/applicants';
import { fillLetter, letterFor, type TCompanyLetter } from '@hirecast/domain/letters';
import type { TContext, TMailMessage } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { assertNotWithdrawn } from './policy.ts';
import type { TApplicationRow } from './service.ts';

// Letters to candidates (spec 2 §3 letter texts, §4 status emails, §7 send, send-reengaging, communication).
// A letter is plain text: placeholders are filled with the values as typed, and renderEmail escapes the whole
// text (values included) for the HTML part, so a candidate named <b>x</b> reads as such and injects nothing.

export type TLetterSender = Pick<TAuthUser, 'email' | 'firstName' | 'lastName' | 'position' | 'calendarLink'>;

/** What every letter of one job needs, loaded once (re-engaging sends many). */
export type TLetterSetting = {
  jobTitle: string;
  companyName: string;
  letters: TCompanyLetter[];
  sender: TLetterSender;
};

export async function loadLetterSetting(
  db: TDb,
  { jobId, companyId, sender }: { jobId: string; companyId: string; sender: TLetterSender },
): Promise<TLetterSetting> {
  const [[row], letters] = await Promise.all([
    db
      .select({ jobTitle: jobs.title, companyName: companies.name })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId))),
    db
      .select({ kind: companyLetters.kind, subject: companyLetters.subject, text: companyLetters.text })
      .from(companyLetters)
      .where(eq(companyLetters.companyId, companyId)),
  ]);
  return {
    jobTitle: row?.jobTitle || applicantMessages.untitledJob,
    companyName: row?.companyName ?? '',
    letters: letters as TCompanyLetter[],
    sender: isApiKeyActorEmail(sender.email) ? await keySender(db, { sender, companyId }) : sender,
  };
}

/**
 * Issue 35: a letter an API key makes the product send (an interview invitation) is signed by the admin who
 * created the key, or else as an automatic letter: the key's own row has no person's name and no address a
 * candidate could reply to.
 */
async function keySender(
  db: TDb,
  { sender, companyId }: { sender: TLetterSender; companyId: string },
): Promise<TLetterSender> {
  const [key] = await db
    .select({ createdBy: apiKeys.createdBy })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.actorUserId))
    .where(and(eq(users.email, sender.email), eq(apiKeys.companyId, companyId)))
    .limit(1);
  return (
    (await automaticSender(db, { createdBy: key?.createdBy ?? null, companyId })) ?? {
      email: '',
      firstName: '',
      lastName: '',
      position: null,
      calendarLink: null,
    }
  );
}

export function letterValues(setting: TLetterSetting, application: TApplicationRow): TLetterValues {
  const { sender } = setting;
  return {
    candidateName: `${application.firstName} ${application.lastName}`.trim(),
    position: sender.position ?? '',
    company: setting.companyName,
    jobOwner: `${sender.firstName} ${sender.lastName}`.trim(),
    jobTitle: setting.jobTitle,
  };
}

/** Only an https link is put in a letter (the settings check it too: spec 2 §5 calendar link). */
const safeLink = (link: string | null | undefined) =>
  link && /^https:\/\/[^\s]+$/i.test(link) ? link : null;
export const CALENDAR_LABEL = 'Book a time that suits you';

/**
 * The email of one letter. `text` is what the sender wrote (placeholders allowed); the subject is theirs or the
 * company's (else the default) for `kind`. Answers the message and the text as sent, for the history.
 */
export function composeLetter(
  setting: TLetterSetting,
  {
    application,
    kind,
    text,
    subject,
    includeCalendarLink = false,
  }: {
    application: TApplicationRow;
    kind: TLetterKind;
    text: string;
    subject?: string;
    includeCalendarLink?: boolean;
  },
): { message: TMailMessage; subject: string; text: string } {
  const values = letterValues(setting, application);
  const plain = (value: string) => fillLetter(value, values, { html: false });
  const filledSubject = plain(subject || letterFor(kind, setting.letters).subject).replace(/\s+/g, ' ');
  const body = plain(text)
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const link = includeCalendarLink ? safeLink(setting.sender.calendarLink) : null;
  const { text: emailText, html } = renderEmail({
    heading: filledSubject,
    paragraphs: body.split('\n'),
    ...(link && { action: { label: CALENDAR_LABEL, url: link } }),
  });
  return {
    message: {
      to: application.email,
      subject: filledSubject,
      text: emailText,
      html,
      replyTo: setting.sender.email,
      applicationId: application.id,
    },
    subject: filledSubject,
    text: link ? `${body}\n\n${CALENDAR_LABEL}: ${link}` : body,
  };
}

/** Composes and sends one letter; throws when the mail service fails or the candidate withdrew. */
export async function sendLetter(
  ctx: TContext,
  input: {
    application: TApplicationRow;
    user: TLetterSender;
    kind: TLetterKind;
    text: string;
    subject?: string;
    includeCalendarLink?: boolean;
  },
) {
  assertNotWithdrawn(input.application);
  const setting = await loadLetterSetting(ctx.db, {
    jobId: input.application.jobId,
    companyId: input.application.companyId,
    sender: input.user,
  });
  const letter = composeLetter(setting, input);
  await ctx.mail.send(letter.message);
  return letter;
}

/**
 * Who signs the automatic letters (the AI screening's, the Early Bird and Job Live letters): the job's creator,
 * else the company's first admin; null when the company has no one left. Decision 018: as for the letters a
 * person sends, only someone who confirmed their address signs one (their name in the letter, their address
 * for replies); an address nobody confirmed may belong to someone else.
 */
export async function automaticSender(
  db: TDb,
  { createdBy, companyId }: { createdBy: string | null; companyId: string },
): Promise<TLetterSender | null> {
  const columns = {
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    position: users.position,
    calendarLink: users.calendarLink,
  };
  if (createdBy) {
    const [creator] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.id, createdBy), isNotNull(users.emailVerifiedAt)));
    if (creator) return creator;
  }
  const [admin] = await db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, ROLES.admin),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return admin ?? null;
}

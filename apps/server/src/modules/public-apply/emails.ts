import { and, eq, exists, gte, isNotNull, or } from 'drizzle-orm';
import { jobTeamMembers, memberships, users } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import { CONFIRMATION_SUBJECT, fillLetter } from '@hirecast/domain/letters';
import type { TContext, TMailMessage } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { applicationViewLink } from '../applications/index.ts';

type TApplied = {
  applicationId: string;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
  job: { id: string; companyId: string; title: string; companyName: string };
  /** Issue 25: the private link of the apply-flow interview, when the job has one. */
  interviewLink?: string | null;
};

/** The candidate's private link: view or withdraw the application, or delete their data. */
export const candidateLink = (publicUrl: string, token: string) => `${publicUrl}/application/${token}`;

// renderEmail escapes every value, so names and titles typed by people are safe in the HTML.
export function candidateConfirmationEmail(publicUrl: string, applied: TApplied): TMailMessage {
  const { job } = applied;
  const { text, html } = renderEmail({
    heading: `Thank you for applying, ${applied.firstName}`,
    paragraphs: [
      `${job.companyName} has received your application for ${job.title}.`,
      'With the private link below you can see your application, withdraw it, or delete the data you sent. Keep the link to yourself: anyone who has it can do the same.',
      ...(applied.interviewLink
        ? [
            `Your interview: answer the questions, or carry on where you left off, with this private link: ${applied.interviewLink}`,
          ]
        : []),
    ],
    action: { label: 'View your application', url: candidateLink(publicUrl, applied.token) },
  });
  return {
    to: applied.email,
    subject: fillLetter(
      CONFIRMATION_SUBJECT,
      { jobTitle: job.title, company: job.companyName },
      { html: false },
    ),
    text,
    html,
    applicationId: applied.applicationId,
  };
}

export function teamNotificationEmail(publicUrl: string, applied: TApplied, to: string): TMailMessage {
  const name = `${applied.firstName} ${applied.lastName}`;
  const { text, html } = renderEmail({
    heading: `New application for ${applied.job.title}`,
    paragraphs: [`${name} has applied for ${applied.job.title}.`],
    action: {
      label: 'View application',
      url: applicationViewLink(publicUrl, applied.job.id, applied.applicationId),
    },
  });
  // Issue 33: it names the candidate, so it belongs to the application (erased with it; not in their export).
  return {
    to,
    subject: `New application for ${applied.job.title}: ${name}`,
    text,
    html,
    applicationId: applied.applicationId,
  };
}

/**
 * Who hears of a new application at once: users whose digestType is 'instant' and who are the company's
 * job managers or admins, or on the job's team. The 'daily' and 'weekly' summaries belong to the applicants
 * issue, which owns the digest schedule.
 */
export async function instantRecipients(ctx: Pick<TContext, 'db'>, job: { id: string; companyId: string }) {
  const manager = ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, job.companyId),
        eq(memberships.userId, users.id),
        gte(memberships.role, ROLES.jobManager),
      ),
    );
  const onTeam = ctx.db
    .select({ id: jobTeamMembers.id })
    .from(jobTeamMembers)
    .where(and(eq(jobTeamMembers.jobId, job.id), eq(jobTeamMembers.userId, users.id)));
  const rows = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.digestType, 'instant'),
        // Decision 018: the product writes to an address only once its owner confirmed it.
        isNotNull(users.emailVerifiedAt),
        or(exists(manager), exists(onTeam)),
      ),
    );
  return rows.map((r) => r.email);
}

/**
 * Emails sent after the application is saved. A failed email is logged, never undoes the application: the
 * candidate retrying would only meet the duplicate rule.
 */
export async function sendApplicationEmails(ctx: TContext, applied: TApplied) {
  const { publicUrl } = ctx.config;
  const send = async (message: TMailMessage) => {
    try {
      await ctx.mail.send(message);
    } catch (err) {
      ctx.log.error({ err, applicationId: applied.applicationId }, 'application email not sent');
    }
  };
  await send(candidateConfirmationEmail(publicUrl, applied));
  for (const to of await instantRecipients(ctx, applied.job))
    await send(teamNotificationEmail(publicUrl, applied, to));
}

import type { z } from 'zod';
import { ROLES } from '@hirecast/domain/constants';
import type { ZShareEmailRequest } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { buildShareUrl } from '@hirecast/domain/share-url';
import { referralTokenFor } from '../sharing/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { assertCanShare } from '../jobs/index.ts';
import { companyName, findJob } from '../jobs/index.ts';
import { attachmentHeader, csvLine } from './csv.ts';

type TShareInput = z.output<typeof ZShareEmailRequest>;
export const SHARE_CLOSED_MESSAGE = 'This job is not live. Publish it to share the link.';
export const CSV_HEADER = ['email', 'name', 'status', 'submitted_at'] as const;

/**
 * spec 1 §7 POST /job/{id}/share/email: each recipient gets the job's share link (the §7 share URL with the
 * sender's id as utm_source) and the sender's message. The share link is disabled while the job is closed
 * (spec 1 §4), so a closed job is not shared either.
 */
export async function shareJobByEmail(
  ctx: TContext,
  { scope, user, jobId, input }: { scope: TCompanyScope; user: TAuthUser; jobId: string; input: TShareInput },
) {
  const job = await findJob(ctx.db, scope, jobId);
  assertCanShare(scope);
  if (job.status !== 'open') throw new AppError('CONFLICT', SHARE_CLOSED_MESSAGE);
  const company = await companyName(ctx.db, scope.companyId);
  const url = buildShareUrl({
    site: ctx.config.publicUrl,
    city: job.location?.city,
    companyName: company,
    title: job.title,
    shortId: job.shortId,
    userId: user.id,
    referralToken: await referralTokenFor(ctx.db, { companyId: scope.companyId, userId: user.id }),
  });
  const sender = input.username || `${user.firstName} ${user.lastName}`.trim();
  const { text, html } = renderEmail({
    heading: `${job.title} at ${company}`,
    paragraphs: [
      `${sender} thought you might be interested in this job at ${company}.`,
      ...(input.message ? [input.message] : []),
    ],
    action: { label: 'View the job', url },
  });
  for (const to of input.to) {
    await ctx.mail.send({
      to,
      subject: `${sender} shared a job with you: ${job.title}`,
      text,
      html,
      replyTo: user.email,
    });
  }
  return { message: 'Sent' };
}

/**
 * spec 1 §7 POST /job/{id}/submitted-emails/csv: the emails of the job's submitted applicants as
 * '{title} emails.csv'. Viewers cannot export emails (spec 1 §6). Applications arrive with the applicants
 * issue (spec 2), whose table adds its rows through `submittedApplicants`; until then the file is the header.
 */
export async function exportSubmittedEmails(
  ctx: TContext,
  { scope, jobId }: { scope: TCompanyScope; jobId: string },
) {
  const job = await findJob(ctx.db, scope, jobId);
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
  const rows = await submittedApplicants(ctx, job.id);
  const body = [
    csvLine([...CSV_HEADER]),
    ...rows.map((r) => csvLine([r.email, r.name, r.status, r.submittedAt])),
  ]
    .map((line) => `${line}\r\n`)
    .join('');
  return {
    body,
    fileName: `${job.title} emails.csv`,
    disposition: attachmentHeader(`${job.title} emails.csv`),
  };
}

type TSubmittedApplicant = { email: string; name: string; status: string; submittedAt: Date };

// No applications exist before the applicants issue: it replaces this body with its query.
async function submittedApplicants(_ctx: TContext, _jobId: string): Promise<TSubmittedApplicant[]> {
  return [];
}

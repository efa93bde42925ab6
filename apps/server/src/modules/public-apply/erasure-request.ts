import { and, eq, sql } from 'drizzle-orm';
import { applicationRetention, applications, jobs, memberships, users } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { recordAudit } from '../../lib/privacy-audit.ts';
import { ACTOR_CANDIDATE, applicationViewLink, recordHistory } from '../applications/index.ts';

const formatDay = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(d);

/**
 * Issue 33: the candidate asked to delete their data while the application is under legal hold. The request is
 * kept on the application (`application_retention.erasure_requested_at`, the first request's time) and run when
 * the hold is released (privacy/service.ts), recorded in the audit and the history, and the first request emails
 * every admin. The admins' email names the job, not the person: it outlives the erasure it announces.
 */
export async function recordHeldErasureRequest(
  ctx: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
  { applicationId, ip }: { applicationId: string; ip: string | null },
): Promise<Date> {
  const now = new Date();
  const recorded = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: applications.companyId,
        jobId: applications.jobId,
        jobTitle: jobs.title,
        requestedAt: applicationRetention.erasureRequestedAt,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
      .where(eq(applications.id, applicationId))
      .for('update', { of: applications });
    if (!row) return null;
    const [saved] = await tx
      .insert(applicationRetention)
      .values({ applicationId, erasureRequestedAt: now })
      .onConflictDoUpdate({
        target: applicationRetention.applicationId,
        set: {
          erasureRequestedAt: sql`coalesce(${applicationRetention.erasureRequestedAt}, ${now.toISOString()}::timestamptz)`,
        },
      })
      .returning({ requestedAt: applicationRetention.erasureRequestedAt });
    await recordAudit(tx, {
      companyId: row.companyId,
      applicationId,
      action: 'erasure_requested',
      actor: { id: null, name: ACTOR_CANDIDATE },
      ip,
    });
    const first = row.requestedAt === null;
    if (first)
      await recordHistory(tx, {
        applicationId,
        actor: { id: null, name: ACTOR_CANDIDATE },
        eventName: 'message',
        details: {
          title: 'Candidate asked to delete their data',
          text: 'The application is on legal hold, so it was kept. It will be deleted when the hold is released.',
        },
      });
    return { ...row, first, requestedAt: saved?.requestedAt ?? now };
  });
  if (!recorded) return now;
  if (recorded.first) await emailAdmins(ctx, { ...recorded, applicationId });
  return recorded.requestedAt;
}

async function emailAdmins(
  ctx: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
  input: { companyId: string; jobId: string; jobTitle: string; applicationId: string; requestedAt: Date },
) {
  const admins = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, input.companyId), eq(memberships.role, ROLES.admin)));
  const subject = `A candidate for ${input.jobTitle} asked to delete their data`;
  for (const admin of admins) {
    const { text, html } = renderEmail({
      heading: subject,
      paragraphs: [
        `Hi ${admin.firstName},`,
        `A candidate who applied for ${input.jobTitle} asked to delete their data on ${formatDay(input.requestedAt)}. Their application is on legal hold, so it was kept, and they were told that you must keep it for a legal matter until it ends.`,
        'Their data will be deleted as soon as the hold is released. Release the hold on the applicant page once the legal matter no longer needs the application.',
      ],
      action: {
        label: 'Open the application',
        url: applicationViewLink(ctx.config.publicUrl, input.jobId, input.applicationId),
      },
    });
    try {
      await ctx.mail.send({ to: admin.email, subject, text, html });
    } catch (err) {
      ctx.log.error({ err, applicationId: input.applicationId }, 'erasure request email not sent');
    }
  }
}

import { and, eq, notInArray } from 'drizzle-orm';
import { applicationRetention, applications, companies, jobs } from '@hirecast/db/schema';
import {
  applyMessages,
  type TApplicationStatus,
  type TCandidateApplication,
} from '@hirecast/domain/application';
import { privacyMessages } from '@hirecast/domain/privacy';
import { buildSharePath } from '@hirecast/domain/share-url';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';
import { ACTOR_CANDIDATE, deleteApplicationWithFiles, recordHistory } from '../applications/index.ts';
import { recordHeldErasureRequest } from './erasure-request.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

// The candidate's private link (/application/{token}): the token of the confirmation email, found by its
// SHA-256, is the only key to one application. Anything that does not match answers "no longer valid".

/** The shape of `newToken()`: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const linkInvalid = () => new AppError('NOT_FOUND', applyMessages.linkInvalid404);

async function findByToken(ctx: Pick<TContext, 'db'>, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await ctx.db
    .select({
      application: applications,
      job: { title: jobs.title, status: jobs.status, shortId: jobs.shortId, location: jobs.location },
      companyName: companies.name,
      companyLogo: companies.logo,
      erasureRequestedAt: applicationRetention.erasureRequestedAt,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
    .where(eq(applications.manageTokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** What the private link shows, or null when the token matches no application. */
export async function loadCandidateApplication(
  ctx: Pick<TContext, 'db'>,
  token: string,
): Promise<TCandidateApplication | null> {
  const row = await findByToken(ctx, token);
  if (!row) return null;
  const { application: a, job, companyName, companyLogo, erasureRequestedAt } = row;
  return {
    _id: a.id,
    status: a.status as TApplicationStatus,
    sentAt: a.sentAt.toISOString(),
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    job: {
      title: job.title,
      companyName,
      companyLogo,
      url:
        job.status === 'open'
          ? buildSharePath({ city: job.location?.city, companyName, title: job.title, shortId: job.shortId })
          : null,
    },
    hasVideo: a.videoAssetId !== null,
    hasCv: a.cvKey !== null,
    erasureRequestedAt: erasureRequestedAt?.toISOString() ?? null,
  };
}

export async function getCandidateApplication(ctx: Pick<TContext, 'db'>, token: string) {
  const found = await loadCandidateApplication(ctx, token);
  if (!found) throw linkInvalid();
  return found;
}

/**
 * Withdraws the application (spec 2 §4 status withdrawn); again is a no-op. A rejected application has nothing
 * to withdraw (issue 33): 409.
 */
export async function withdrawApplication(ctx: Pick<TContext, 'db'>, token: string) {
  const found = await findByToken(ctx, token);
  if (!found) throw linkInvalid();
  if (found.application.status === 'rejected')
    throw new AppError('CONFLICT', applyMessages.rejectedCannotWithdraw);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(applications)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(
        and(
          eq(applications.id, found.application.id),
          notInArray(applications.status, ['withdrawn', 'rejected']),
        ),
      )
      .returning({ id: applications.id });
    // spec 2 §3 History item: the team sees that the candidate withdrew.
    if (changed) {
      await recordHistory(tx, {
        applicationId: changed.id,
        actor: { id: null, name: ACTOR_CANDIDATE },
        eventName: 'statusChanged',
        details: { title: 'Status changed to Withdrawn', status: 'withdrawn' },
      });
      await recordEvent(tx, {
        type: 'application.withdrawn',
        applicationId: changed.id,
        previousStatus: found.application.status,
      });
    }
  });
  return getCandidateApplication(ctx, token);
}

/**
 * Deletes the candidate's data: the application, its CV and its video (the row and every stored rendition), the
 * erasure recorded without the person. The job's counters stay: they are history, not personal data. The link
 * then answers 404. Under legal hold (issue 33) nothing is deleted: the request is kept and runs when the hold is
 * released; the answer says so.
 */
export async function deleteCandidateData(
  ctx: TContext,
  token: string,
  ip: string | null = null,
): Promise<{ held: false } | { held: true; title: string; message: string; requestedAt: string }> {
  const found = await findByToken(ctx, token);
  if (!found) throw linkInvalid();
  const deleted = await deleteApplicationWithFiles(ctx, eq(applications.manageTokenHash, hashToken(token)), {
    actor: { id: null, name: ACTOR_CANDIDATE },
    ip,
  });
  if (deleted.outcome === 'missing') throw linkInvalid();
  if (deleted.outcome === 'deleted') return { held: false };
  const requestedAt = await recordHeldErasureRequest(ctx, { applicationId: deleted.id, ip });
  return {
    held: true,
    title: privacyMessages.erasureHeldTitle,
    message: privacyMessages.erasureHeld(found.companyName),
    requestedAt: requestedAt.toISOString(),
  };
}

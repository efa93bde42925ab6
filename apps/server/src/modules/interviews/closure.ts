import { interviewMessages, type TInterviewClosed, type TInterviewClosure } from '@hirecast/domain/interview';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { automaticSender } from '../applications/index.ts';
import { publicUrl } from '../assets/index.ts';
import type { TOpenSession } from './candidate.ts';
import { formatDeadline } from './history.ts';

// Issue 33 item 2: when a candidate's link no longer takes answers, and what its first screen says (410).

type TCtx = Pick<TContext, 'db' | 'storage'>;
type TClosure = { reason: TInterviewClosure; date: Date | null };

/**
 * Why the link no longer takes answers, if it does not (issue 33 item 2): withdrawn, the job closed, or the
 * deadline passed. A completed interview is not closed (its page thanks the candidate).
 */
export function closureOf(open: TOpenSession, now: Date): TClosure | null {
  if (open.session.completedAt) return null;
  if (open.application.status === 'withdrawn')
    return { reason: 'withdrawn', date: open.application.withdrawnAt };
  if (open.session.deadline && open.session.deadline.getTime() <= now.getTime())
    return { reason: 'expired', date: open.session.deadline };
  if (open.job.status !== 'open') return { reason: 'closed', date: null };
  return null;
}

/** What happened, in the candidate's words (the whom-to-ask line is added by the first screen). */
export function closureText(open: TOpenSession, closure: TClosure) {
  const date = closure.date ? formatDeadline(closure.date) : '';
  if (closure.reason === 'withdrawn') return interviewMessages.linkWithdrawn(date);
  if (closure.reason === 'expired') return interviewMessages.linkExpired(date);
  return interviewMessages.linkJobClosed(open.job.title, open.company.name);
}

/** A 410 that carries what the first screen of a closed link shows (the site renders it as a page). */
export class InterviewClosedError extends AppError {
  readonly closed: TInterviewClosed;
  constructor(closed: TInterviewClosed) {
    super('GONE', closed.message);
    this.closed = closed;
  }
}

/** The closed link's first screen: what happened, when, and whom to ask (the inviter, else the job's sender). */
export async function closedScreen(
  ctx: TCtx,
  open: TOpenSession,
  closure: TClosure,
): Promise<TInterviewClosed> {
  const sender = await automaticSender(ctx.db, {
    createdBy: open.session.invitedBy ?? open.job.createdBy,
    companyId: open.session.companyId,
  });
  const contact = sender
    ? { name: `${sender.firstName} ${sender.lastName}`.trim() || sender.email, email: sender.email }
    : null;
  return {
    reason: closure.reason,
    date: closure.date?.toISOString() ?? null,
    message: `${closureText(open, closure)} ${interviewMessages.whomToAsk(contact, open.company.name)}`,
    job: {
      title: open.job.title,
      companyName: open.company.name,
      companyLogo: (await publicUrl(ctx, open.company.logo)) ?? null,
    },
    contact,
  };
}

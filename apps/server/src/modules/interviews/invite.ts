import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { applicationHistory, interviewSessions } from '@hirecast/db/schema';
import { interviewMessages, type ZInviteRequest } from '@hirecast/domain/interview';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { assertNotWithdrawn } from '../applications/index.ts';
import { loadLetterSetting } from '../applications/index.ts';
import { findApplication } from '../applications/index.ts';
import { formatDeadline, recordInterviewEvent } from './history.ts';
import { composeInterviewLetter } from './letters.ts';
import { assertCanManageCandidate } from './policy.ts';
import { findInterviewOfJob } from './question-set.ts';
import { deadlineFrom, insertSession, presentSession } from './sessions.ts';
import { interviewLink } from './tokens.ts';
import { discardEvent, recordEvent } from '../../lib/webhooks/outbox.ts';

// Issue 25 item 2(b): "Invite to interview". The session (a snapshot of the job's questions), its history
// entry and the letter are written together; the letter is mailed after the commit, and a letter that cannot
// be sent undoes the invitation (502), so the team can simply try again.

export async function inviteCandidate(
  ctx: TContext,
  input: {
    scope: TCompanyScope;
    user: TAuthUser;
    jobId: string;
    applicationId: string;
    body: z.output<typeof ZInviteRequest>;
  },
) {
  assertCanManageCandidate(input.scope);
  const now = new Date();
  const application = await findApplication(ctx.db, {
    scope: input.scope,
    id: input.applicationId,
    jobId: input.jobId,
  });
  assertNotWithdrawn(application);
  const interview = await findInterviewOfJob(ctx.db, application.jobId);
  if (!interview) throw new AppError('VALIDATION', interviewMessages.noInterview);
  if (!interview.asStage) throw new AppError('VALIDATION', interviewMessages.noInvitationStage);
  const deadline = deadlineFrom(input.body, now)!;
  const setting = await loadLetterSetting(ctx.db, {
    jobId: application.jobId,
    companyId: application.companyId,
    sender: input.user,
  });

  const { row, letter, eventId, webhookEventId } = await ctx.db.transaction(async (tx) => {
    const { row, token } = await insertSession(tx, {
      secret: ctx.config.secret,
      companyId: application.companyId,
      jobId: application.jobId,
      applicationId: application.id,
      via: 'invitation',
      questions: interview.questions,
      practiceQuestion: interview.practiceQuestion,
      deadline,
      invitedBy: input.user.id,
      now,
    });
    const letter = composeInterviewLetter(setting, {
      application,
      kind: 'interviewInvitation',
      link: interviewLink(ctx.config.publicUrl, token),
      deadline,
      text: input.body.text,
      subject: input.body.subject,
    });
    const event = await recordInterviewEvent(tx, {
      applicationId: application.id,
      actor: input.user,
      title: `Interview invitation sent (deadline ${formatDeadline(deadline)})`,
      text: letter.text,
      isLetterSent: true,
    });
    const webhookEventId = await recordEvent(tx, {
      type: 'interview.invited',
      applicationId: application.id,
      interview: { id: row.id, applicationId: application.id, status: 'invited' },
    });
    return { row, letter, eventId: event.id, webhookEventId };
  });

  try {
    await ctx.mail.send(letter.message);
  } catch (err) {
    ctx.log.error({ err, applicationId: application.id }, 'interview invitation not sent');
    await ctx.db.transaction(async (tx) => {
      await tx.delete(applicationHistory).where(eq(applicationHistory.id, eventId));
      await tx.delete(interviewSessions).where(eq(interviewSessions.id, row.id));
      // The invitation did not happen: its webhook event goes too (unless a receiver already has it).
      if (webhookEventId) await discardEvent(tx, webhookEventId);
    });
    throw new AppError('MAIL_FAILED', interviewMessages.invitationNotSent);
  }
  return presentSession(ctx, { row, userId: input.user.id, scope: input.scope, now });
}

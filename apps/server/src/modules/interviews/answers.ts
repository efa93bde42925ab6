import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  interviewAnswers,
  interviewSessions,
  interviewTakes,
  jobTeamMembers,
  memberships,
  users,
} from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import type { FILE_CONTENT_TYPES } from '@hirecast/domain/interview';
import {
  answerColumns,
  INTERVIEW_LIMITS,
  interviewMessages,
  type TStoredAnswerValue,
  type ZAnswerRequest,
} from '@hirecast/domain/interview';
import { assertNever } from '@hirecast/domain/assert-never';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { newUploadKey, parseKey } from '../../lib/storage/keys.ts';
import { applicationViewLink, recordCandidateUpload } from '../applications/index.ts';
import {
  assertWritable,
  currentAnswer,
  ensureAnswerRow,
  findByToken,
  findQuestion,
  interviewAfterWrite,
  markStarted,
  questionOf,
} from './candidate.ts';
import { recordInterviewEvent } from './history.ts';
import { refreshAnsweredCount } from './sessions.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

// Issue 25 item 3: submitting an answer (the chosen take, a text, a choice, a file), skipping an optional
// question, completing the interview, and the "Need more time?" line to the team.

type TCtx = Pick<TContext, 'db' | 'storage' | 'config' | 'log' | 'mail'>;
type TAnswerBody = z.output<typeof ZAnswerRequest>;

const FILE_EXTENSION: Record<(typeof FILE_CONTENT_TYPES)[number], string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(FILE_EXTENSION).map(([t, e]) => [e, t]));

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The file's real type from its bytes, as for the CV (a PDF, a DOCX) and the images we show. */
function matchesType(ext: string, bytes: Uint8Array, whole: () => Promise<Uint8Array | null>) {
  switch (ext) {
    case 'pdf':
      return Promise.resolve(startsWith(bytes, ascii('%PDF-')));
    case 'docx':
      // A DOCX is a zip whose entry names (stored uncompressed) include word/document.xml.
      if (!startsWith(bytes, ascii('PK\x03\x04'))) return Promise.resolve(false);
      return whole().then(
        (b) => b !== null && Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes('word/'),
      );
    case 'jpg':
      return Promise.resolve(startsWith(bytes, [0xff, 0xd8, 0xff]));
    case 'png':
      return Promise.resolve(startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'webp':
      return Promise.resolve(startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8));
    default:
      return Promise.resolve(false);
  }
}

/** GET /public/interview/{token}/signed-url: where the candidate PUTs a file answer (15 minutes). */
export async function signAnswerFile(
  ctx: TCtx,
  {
    token,
    questionId,
    contentType,
  }: { token: string; questionId: string; contentType: (typeof FILE_CONTENT_TYPES)[number] },
) {
  const { session } = await findByToken(ctx.db, token);
  assertWritable(session, new Date());
  // Issue 33 item 9: an upload URL answers a file question that is still open, nothing else.
  const { question } = findQuestion(session, questionId);
  if (question.answerType !== 'file') throw new AppError('VALIDATION', interviewMessages.notFile);
  const answer = await currentAnswer(ctx.db, session.id, question.id);
  if (answer && answer.status !== 'open') throw new AppError('CONFLICT', interviewMessages.answered);
  const key = newUploadKey({ ownerId: session.companyId, ext: FILE_EXTENSION[contentType], isPublic: false });
  const url = await ctx.storage.signPut({ key, contentType, expiresIn: 15 * 60 });
  // Issue 33: the file belongs to the application at once (exported and erased with it, even unsent).
  await recordCandidateUpload(ctx.db, {
    key,
    companyId: session.companyId,
    applicationId: session.applicationId,
  });
  return { url, key };
}

/** A file answer: the session company's fresh private upload, ≤ 10 MB, of the type its bytes say. */
async function checkFile(
  ctx: TCtx,
  { companyId, file }: { companyId: string; file: { key: string; fileName: string } },
) {
  const wrong = () =>
    new AppError('VALIDATION', interviewMessages.fileWrongType, { file: interviewMessages.fileWrongType });
  const parsed = parseKey(file.key);
  if (!parsed || parsed.isPublic || parsed.variant || parsed.ownerId !== companyId)
    throw new AppError('VALIDATION', interviewMessages.fileMissing, { file: interviewMessages.fileMissing });
  const contentType = TYPE_OF_EXTENSION[parsed.ext];
  if (!contentType) throw wrong();
  const [held] = await ctx.db
    .select({ id: interviewAnswers.id })
    .from(interviewAnswers)
    .where(and(eq(interviewAnswers.companyId, companyId), eq(interviewAnswers.fileKey, file.key)))
    .limit(1);
  if (held)
    throw new AppError('VALIDATION', interviewMessages.fileMissing, { file: interviewMessages.fileMissing });
  const head = await ctx.storage.head(file.key);
  if (!head)
    throw new AppError('VALIDATION', interviewMessages.fileMissing, { file: interviewMessages.fileMissing });
  if (head.size > INTERVIEW_LIMITS.fileMaxBytes) {
    await ctx.storage.remove(file.key);
    throw new AppError('VALIDATION', interviewMessages.fileTooLarge, {
      file: interviewMessages.fileTooLarge,
    });
  }
  if (!(await matchesType(parsed.ext, head.firstBytes, () => ctx.storage.read(file.key)))) {
    await ctx.storage.remove(file.key);
    throw wrong();
  }
  return { key: file.key, fileName: file.fileName, contentType };
}

/** POST /public/interview/{token}/questions/{questionId}/answer: final until the team re-opens it. */
export async function submitAnswer(
  ctx: TCtx,
  { token, questionId, body }: { token: string; questionId: string; body: TAnswerBody },
) {
  const now = new Date();
  const peek = await findByToken(ctx.db, token);
  const { question } = findQuestion(peek.session, questionId);
  // Checked before the transaction: reading a file's bytes must not hold the session's lock.
  const file =
    'file' in body && question.answerType === 'file'
      ? await checkFile(ctx, { companyId: peek.session.companyId, file: body.file })
      : null;
  await ctx.db.transaction(async (tx) => {
    const { session } = await findByToken(tx, token, true);
    const { index } = findQuestion(session, questionId);
    const wrongType = () => new AppError('VALIDATION', interviewMessages.wrongAnswerType);
    let value: TStoredAnswerValue;
    let takeStartedAt: Date | undefined;
    const existing = await currentAnswer(tx, session.id, question.id, true);
    if (existing && existing.status !== 'open') throw new AppError('CONFLICT', interviewMessages.answered);
    switch (question.answerType) {
      case 'video': {
        if (!('takeId' in body)) throw wrongType();
        if (!existing) throw new AppError('VALIDATION', interviewMessages.takeUnknown);
        const [take] = await tx
          .select()
          .from(interviewTakes)
          .where(and(eq(interviewTakes.id, body.takeId), eq(interviewTakes.answerId, existing.id)))
          .limit(1);
        if (!take) throw new AppError('VALIDATION', interviewMessages.takeUnknown);
        if (take.status !== 'saved') throw new AppError('VALIDATION', interviewMessages.takeNotSaved);
        takeStartedAt = take.startedAt;
        value = { answerType: question.answerType, takeId: take.id };
        break;
      }
      case 'text': {
        if (!('text' in body)) throw wrongType();
        const text = body.text.trim();
        const max = question.maxChars ?? INTERVIEW_LIMITS.textMaxChars;
        if (!text)
          throw new AppError('VALIDATION', interviewMessages.textRequired, {
            text: interviewMessages.textRequired,
          });
        if ([...text].length > max)
          throw new AppError('VALIDATION', interviewMessages.textTooLong(max), {
            text: interviewMessages.textTooLong(max),
          });
        value = { answerType: question.answerType, text };
        break;
      }
      case 'choice':
        if (!('choice' in body)) throw wrongType();
        if (body.choice < 0 || body.choice >= question.options.length)
          throw new AppError('VALIDATION', interviewMessages.choiceInvalid, {
            choice: interviewMessages.choiceInvalid,
          });
        value = { answerType: question.answerType, choiceIndex: body.choice };
        break;
      case 'file':
        if (!file) throw wrongType();
        value = {
          answerType: question.answerType,
          fileKey: file.key,
          fileName: file.fileName,
          fileType: file.contentType,
        };
        break;
      default:
        return assertNever(question, 'answer type');
    }
    assertWritable(session, now, { takeStartedAt });
    const answer = existing ?? (await ensureAnswerRow(tx, { session, question, now }));
    await tx
      .update(interviewAnswers)
      .set({ ...answerColumns(value), status: 'answered', submittedAt: now })
      .where(eq(interviewAnswers.id, answer.id));
    await refreshAnsweredCount(tx, session.id);
    await markStarted(tx, session, now);
    await recordInterviewEvent(tx, {
      applicationId: session.applicationId,
      actor: 'candidate',
      title: `Interview question ${index + 1} answered`,
    });
  });
  return questionOf(ctx, { token, questionId });
}

/** POST …/skip: an optional question is left unanswered (final, like an answer). */
export async function skipQuestion(ctx: TCtx, { token, questionId }: { token: string; questionId: string }) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const { session } = await findByToken(tx, token, true);
    assertWritable(session, now);
    const { question, index } = findQuestion(session, questionId);
    if (question.required) throw new AppError('VALIDATION', interviewMessages.notOptional);
    const answer = await ensureAnswerRow(tx, { session, question, now });
    if (answer.status !== 'open') throw new AppError('CONFLICT', interviewMessages.answered);
    await tx
      .update(interviewAnswers)
      .set({ status: 'skipped', submittedAt: now })
      .where(eq(interviewAnswers.id, answer.id));
    await refreshAnsweredCount(tx, session.id);
    await markStarted(tx, session, now);
    await recordInterviewEvent(tx, {
      applicationId: session.applicationId,
      actor: 'candidate',
      title: `Interview question ${index + 1} skipped`,
    });
  });
  return questionOf(ctx, { token, questionId });
}

/** POST …/complete: every required question answered (and every optional one answered or skipped). */
export async function completeInterview(ctx: TCtx, token: string) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const { session } = await findByToken(tx, token, true);
    assertWritable(session, now);
    const done = await tx
      .select({ questionId: interviewAnswers.questionId })
      .from(interviewAnswers)
      .where(
        and(
          eq(interviewAnswers.sessionId, session.id),
          isNull(interviewAnswers.supersededAt),
          inArray(interviewAnswers.status, ['answered', 'skipped']),
        ),
      );
    const doneIds = new Set(done.map((d) => d.questionId));
    const fields: Record<string, string> = {};
    session.questions.forEach((q, i) => {
      if (q.required && !doneIds.has(q.id)) fields[`questions.${i}`] = interviewMessages.requiredMissing;
    });
    if (Object.keys(fields).length > 0)
      throw new AppError('VALIDATION', interviewMessages.requiredMissing, fields);
    await tx
      .update(interviewSessions)
      .set({ completedAt: now, startedAt: session.startedAt ?? now, updatedAt: now })
      .where(eq(interviewSessions.id, session.id));
    await recordInterviewEvent(tx, {
      applicationId: session.applicationId,
      actor: 'candidate',
      title: 'Interview completed',
    });
    await recordEvent(tx, {
      type: 'interview.completed',
      applicationId: session.applicationId,
      interview: { id: session.id, applicationId: session.applicationId, status: 'completed' },
    });
  });
  return interviewAfterWrite(ctx, token);
}

/**
 * Who hears a candidate's message: the company's admins and job managers and the job's team, at addresses their
 * owners confirmed (decision 018).
 */
async function teamAddresses(
  ctx: Pick<TContext, 'db'>,
  { companyId, jobId }: { companyId: string; jobId: string },
) {
  const managers = await ctx.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        inArray(memberships.role, [ROLES.jobManager, ROLES.admin]),
        isNotNull(users.emailVerifiedAt),
      ),
    );
  const team = await ctx.db
    .select({ email: users.email })
    .from(jobTeamMembers)
    .innerJoin(users, eq(users.id, jobTeamMembers.userId))
    .where(and(eq(jobTeamMembers.jobId, jobId), isNotNull(users.emailVerifiedAt)));
  return [...new Set([...managers, ...team].map((r) => r.email))];
}

/** POST …/contact: "Need more time?" The message reaches the team by email and stays in the history. */
export async function contactTeam(ctx: TCtx, { token, message }: { token: string; message: string }) {
  const { session, application, job } = await findByToken(ctx.db, token);
  const name = `${application.firstName} ${application.lastName}`.trim();
  await recordInterviewEvent(ctx.db, {
    applicationId: session.applicationId,
    actor: 'candidate',
    title: 'Candidate asked for more time',
    text: message,
  });
  const { text, html } = renderEmail({
    heading: `${name} asks about the interview for ${job.title}`,
    paragraphs: [
      ...message.split('\n'),
      '',
      `Reply to ${application.email}, or give more time from the applicant's page.`,
    ],
    action: {
      label: 'Open the applicant',
      url: applicationViewLink(ctx.config.publicUrl, job.id, application.id),
    },
  });
  for (const to of await teamAddresses(ctx, { companyId: session.companyId, jobId: job.id })) {
    try {
      await ctx.mail.send({
        to,
        subject: `Interview: ${name} needs more time (${job.title})`,
        text,
        html,
        replyTo: application.email,
        applicationId: application.id,
      });
    } catch (err) {
      ctx.log.error({ err, sessionId: session.id }, 'interview contact email not sent');
    }
  }
  return { message: interviewMessages.contactSent };
}

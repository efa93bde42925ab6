import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '@hirecast/db/client';
import { companies, transcripts } from '@hirecast/db/schema';
import { summaryMessages, validSummary } from '@hirecast/domain/answer-summary';
import { AppError } from '../../lib/app-error.ts';
import type { TAiService } from '../../lib/ai/types.ts';

// Issue 34 item 5 (decision 038): a short machine-written summary of an interview answer, made through the AI
// endpoint when the company has turned them on. What the model answers is kept only where it quotes the
// transcript verbatim at the right time and does not judge (validSummary); it is never a score.

export type TSummaryDeps = { db: TDb; ai: TAiService; log: FastifyBaseLogger; model: string };
export type TSummaryOutcome = 'made' | 'off' | 'no-ai' | 'not-done' | 'not-answer' | 'failed';

/** The interview question a video answers (null: the video is no interview answer) and the company's setting. */
async function answerOf(db: TDb, assetId: string) {
  const { rows } = await db.execute<{ question: string | null; summaries: boolean }>(sql`
    select
      (select q->>'prompt' from jsonb_array_elements(s.questions) q where q->>'id' = a.question_id::text limit 1)
        as question,
      c.answer_summaries as summaries
    from interview_takes tk
    join interview_answers a on a.id = tk.answer_id
    join interview_sessions s on s.id = a.session_id
    join companies c on c.id = s.company_id
    where tk.video_asset_id = ${assetId}
    limit 1`);
  return rows[0] ?? null;
}

/** Makes (or makes again) the summary of the answer whose video is `assetId`; stores it when made. */
export async function summarizeAnswer(deps: TSummaryDeps, assetId: string): Promise<TSummaryOutcome> {
  const answer = await answerOf(deps.db, assetId);
  if (!answer) return 'not-answer';
  if (!answer.summaries) return 'off';
  if (!deps.ai.summarizeAnswer) return 'no-ai';
  const [row] = await deps.db.select().from(transcripts).where(eq(transcripts.assetId, assetId));
  if (row?.status !== 'done') return 'not-done';
  if (row.segments.length === 0) return 'not-done';
  let raw: unknown;
  try {
    raw = await deps.ai.summarizeAnswer({
      question: answer.question ?? '',
      segments: row.segments.map(({ start, end, text }) => ({ start, end, text })),
      language: row.language,
    });
  } catch (err) {
    // The provider's error names the status, never the key or the transcript.
    deps.log.warn({ assetId, err: (err as Error).message }, 'answer summary failed');
    return 'failed';
  }
  const summary = validSummary(raw, row.segments);
  await deps.db
    .update(transcripts)
    .set({ summary, summaryModel: deps.model, summarizedAt: new Date() })
    .where(eq(transcripts.id, row.id));
  return 'made';
}

/** For the "Summarise" action: an outcome that is not 'made' as the error that says why. */
export function assertSummaryMade(outcome: TSummaryOutcome) {
  if (outcome === 'made') return;
  const message = {
    off: summaryMessages.off,
    'no-ai': summaryMessages.noAi,
    'not-done': summaryMessages.notDone,
    'not-answer': summaryMessages.notAnswer,
    failed: summaryMessages.failed,
  }[outcome];
  throw new AppError('CONFLICT', message);
}

export async function setAnswerSummaries(db: TDb, companyId: string, on: boolean) {
  await db.update(companies).set({ answerSummaries: on }).where(eq(companies.id, companyId));
}

export async function answerSummariesOn(db: TDb, companyId: string) {
  const [row] = await db
    .select({ on: companies.answerSummaries })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.on ?? false;
}

export const summaryDeps = (ctx: {
  db: TDb;
  ai: TAiService;
  log: FastifyBaseLogger;
  config: { ai: { model: string } };
}): TSummaryDeps => ({ db: ctx.db, ai: ctx.ai, log: ctx.log, model: ctx.config.ai.model });

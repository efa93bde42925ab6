import { z } from 'zod';
import { applyAiCascade } from './ai-cascade.ts';
import type { TApplicationStatus } from './application-status.ts';
import type { TAiSettings, TDelta } from './job.ts';

// Issue 6 item 7: AI screening of an application against its job. The scorers (the offline lexical ranker
// and the OpenAI-compatible client, apps/server/src/lib/ai) read the job's requirements from its description
// and answer a fit score from 0 to 5 with one decimal, and the reasons: which requirements the CV met (with
// the words that showed it) and which it did not. What happens next is `screeningAction`.

export const FIT_SCORE_MAX = 5;
const MAX_REQUIREMENTS = 15;
const MAX_REQUIREMENT_LENGTH = 200;

export const ZFitReasons = z.object({
  matched: z.array(z.object({ requirement: z.string(), terms: z.array(z.string()) })),
  missed: z.array(z.string()),
  summary: z.string(),
  scorer: z.enum(['offline', 'openai']),
});
export type TFitReasons = z.infer<typeof ZFitReasons>;
export type TFitScore = { score: number } & Omit<TFitReasons, 'scorer'>;

/** What a scorer reads: the job, its requirements, and everything the candidate wrote (CV text first). */
export type TScreeningInput = { jobTitle: string; requirements: string[]; candidateText: string };

/** 0 to 5, one decimal. */
export const roundFitScore = (value: number) =>
  Math.round(Math.min(FIT_SCORE_MAX, Math.max(0, Number.isFinite(value) ? value : 0)) * 10) / 10;

type TBlock = { text: string; header?: number; list?: string };

/** The description's blocks as Quill stores them: text, then a '\n' that carries the block's format. */
function blocksOf(delta: TDelta): TBlock[] {
  const blocks: TBlock[] = [];
  let text = '';
  for (const op of delta.ops) {
    if (typeof op.insert !== 'string') continue;
    const attributes = (op.attributes ?? {}) as { header?: number; list?: string };
    const parts = op.insert.split('\n');
    parts.forEach((part, i) => {
      text += part;
      if (i < parts.length - 1) {
        blocks.push({ text: text.trim(), header: attributes.header, list: attributes.list });
        text = '';
      }
    });
  }
  if (text.trim()) blocks.push({ text: text.trim() });
  return blocks.filter((block) => block.text);
}

const REQUIREMENT_HEADING =
  /requirement|qualification|skills|you (will )?need|you have|you'll have|you bring|ideal candidate|about you|looking for|must have|what we need/i;
const NOT_REQUIREMENT_HEADING = /benefit|offer|perk|in return|what you('|’)ll get|about us|who we are/i;
const isHeading = (block: TBlock) =>
  Boolean(block.header) || (!block.list && block.text.length <= 60 && /:$/.test(block.text));

const clip = (text: string) =>
  text.length > MAX_REQUIREMENT_LENGTH ? `${text.slice(0, MAX_REQUIREMENT_LENGTH - 1)}…` : text;

/**
 * The job's requirements, read from its description: the list under a requirements heading ('Requirements',
 * 'The ideal candidate will have:', 'What you'll need'…); else every list item that is not a benefit; else the
 * description's sentences. The job title leads, so a CV naming the role itself counts.
 */
export function requirementsOf({ title, description }: { title: string; description: TDelta }): string[] {
  const blocks = blocksOf(description);
  const sections: { heading: string; items: string[] }[] = [{ heading: '', items: [] }];
  for (const block of blocks) {
    if (isHeading(block)) sections.push({ heading: block.text, items: [] });
    else if (block.list) sections.at(-1)!.items.push(block.text);
  }
  let items = sections.filter((s) => REQUIREMENT_HEADING.test(s.heading)).flatMap((s) => s.items);
  if (items.length === 0)
    items = sections.filter((s) => !NOT_REQUIREMENT_HEADING.test(s.heading)).flatMap((s) => s.items);
  if (items.length === 0)
    items = blocks
      .filter((block) => !isHeading(block))
      .flatMap((block) => block.text.split(/(?<=[.!?])\s+/))
      .filter((sentence) => sentence.split(/\s+/).length >= 3);
  const unique = [...new Set(items.map((item) => clip(item.replace(/\s+/g, ' ').trim())))].filter(Boolean);
  const lead = title.trim() ? [`Experience as ${title.trim()}`] : [];
  return [...lead, ...unique].slice(0, MAX_REQUIREMENTS);
}

export type TScreeningAction = { action: 'shortlist' | 'reject'; sendEmail: boolean } | null;

/**
 * spec 1 §3 aiSettings, §4 cascade: auto-shortlist at or above the job's score (with the shortlist email when
 * isShortlist is on); below it, auto-rejection with its email when isAutoRejection is on. Only a new
 * application is moved: a person may already have acted on it.
 */
export function screeningAction(
  settings: TAiSettings,
  { score, status }: { score: number; status: TApplicationStatus },
): TScreeningAction {
  const rules = applyAiCascade(settings);
  if (!rules.isScreening || !rules.isAutoShortlist || status !== 'new') return null;
  if (score >= rules.score) return { action: 'shortlist', sendEmail: rules.isShortlist };
  if (rules.isAutoRejection) return { action: 'reject', sendEmail: true };
  return null;
}

/** The reasons in one line for the history and the applicant page. */
export const fitSummary = (matched: number, total: number) =>
  total === 0
    ? 'The job lists no requirements to compare with.'
    : `Meets ${matched} of ${total} requirements.`;

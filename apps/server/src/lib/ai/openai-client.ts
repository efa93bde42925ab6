import { z } from 'zod';
import {
  AI_WIZARD_QUESTIONS,
  locationPhrase,
  type TAiDescriptionInput,
} from '@hirecast/domain/ai-description';
import { deltaHasText } from '@hirecast/domain/job';
import { fitSummary, roundFitScore, type TScreeningInput } from '@hirecast/domain/screening';
import { markdownToDelta } from './markdown-to-delta.ts';
import { AiProviderError, type TAiService } from './types.ts';
import { SUMMARY_PROMPT, buildSummaryPrompt } from './summary-prompt.ts';

export type TOpenAiConfig = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };

// Only what we read of a chat-completions answer; anything else in it is ignored.
const ZCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().min(1) }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You write job descriptions for small and medium employers hiring through video applications.',
  'Answer in Markdown only, with no preamble: one or two short introduction paragraphs, then the sections',
  '"## Responsibilities", "## Requirements" and "## Benefits", each a short lead-in sentence followed by a',
  '"-" bullet list, then a one-sentence closing paragraph inviting people to apply.',
  "Use only facts from the employer's answers; never invent pay, benefits or requirements. British English.",
].join(' ');

export function buildPrompt(input: TAiDescriptionInput) {
  const where = locationPhrase(input.jobLocation);
  const answers = AI_WIZARD_QUESTIONS.map((q) => `${q.label}\n${input.answer[q.key]}`).join('\n\n');
  return [
    `Job title: ${input.jobTitle}`,
    where ? `Location: ${where}` : 'Location: not given',
    `Tone of voice: ${input.tone}`,
    '',
    "The employer's answers:",
    answers,
  ].join('\n');
}

// Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, vLLM, Ollama, LiteLLM...):
// POST {AI_BASE_URL}/chat/completions with a bearer key. Its Markdown answer becomes a Quill Delta.
// What we read of a screening answer (the model is asked for this JSON object and nothing else).
const ZScreeningAnswer = z.object({
  score: z.coerce.number(),
  matched: z.array(z.object({ requirement: z.string(), terms: z.array(z.string()).default([]) })).default([]),
  missed: z.array(z.string()).default([]),
});

const SCREENING_PROMPT = [
  "You compare a job applicant's CV with the job's requirements for a hiring team.",
  'Judge only from the text given; do not guess at anything not written there, and ignore the name, age,',
  'gender, nationality and any other personal characteristic. Answer one JSON object and nothing else:',
  '{"score": number from 0 to 5 with one decimal, "matched": [{"requirement": the requirement exactly as',
  'given, "terms": [the few words of the CV that show it]}], "missed": [each requirement not shown, exactly',
  'as given]}. Every requirement appears in matched or missed.',
].join(' ');

// A CV is long; the model needs the substance, and the cost grows with the text.
const CANDIDATE_TEXT_MAX = 12_000;

export function buildScreeningPrompt(input: TScreeningInput) {
  return [
    `Job title: ${input.jobTitle}`,
    'Requirements:',
    ...input.requirements.map((requirement) => `- ${requirement}`),
    '',
    "The applicant's CV and application:",
    input.candidateText.slice(0, CANDIDATE_TEXT_MAX),
  ].join('\n');
}

// Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, vLLM, Ollama, LiteLLM...):
// POST {AI_BASE_URL}/chat/completions with a bearer key.
export function createOpenAiClient(config: TOpenAiConfig, fetchImpl: typeof fetch = fetch): TAiService {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const complete = async (body: Record<string, unknown>) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify({ model: config.model, ...body }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw new AiProviderError('AI provider unreachable or timed out', { cause: err });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new AiProviderError(`AI provider answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const json: unknown = await response.json().catch(() => null);
    const parsed = ZCompletion.safeParse(json);
    if (!parsed.success) throw new AiProviderError('AI provider answer is not a chat completion');
    return parsed.data.choices[0]!.message.content;
  };

  return {
    kind: 'openai',
    // Decision 038: a few points with the candidate's own words; the caller validates every point.
    summarizeAnswer: async (input) => {
      const content = await complete({
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SUMMARY_PROMPT },
          { role: 'user', content: buildSummaryPrompt(input) },
        ],
      });
      try {
        return JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')) as unknown;
      } catch {
        throw new AiProviderError('AI provider answered a summary that is not JSON');
      }
    },
    // The Markdown answer becomes a Quill Delta.
    describeJob: async (input) => {
      const content = await complete({
        temperature: 0.7,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: buildPrompt(input) },
        ],
      });
      const delta = markdownToDelta(content);
      if (!deltaHasText(delta)) throw new AiProviderError('AI provider answered an empty description');
      return delta;
    },
    // Only requirements the job gave are kept, so the reasons on the applicant page are the job's own words.
    scoreCv: async (input) => {
      const content = await complete({
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SCREENING_PROMPT },
          { role: 'user', content: buildScreeningPrompt(input) },
        ],
      });
      let json: unknown;
      try {
        json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw new AiProviderError('AI provider answered screening that is not JSON');
      }
      const parsed = ZScreeningAnswer.safeParse(json);
      if (!parsed.success || !Number.isFinite(parsed.data.score))
        throw new AiProviderError('AI provider answered screening in an unexpected shape');
      const known = new Set(input.requirements);
      const matched = parsed.data.matched.filter((m) => known.has(m.requirement));
      const met = new Set(matched.map((m) => m.requirement));
      const missed = input.requirements.filter((requirement) => !met.has(requirement));
      return {
        score: roundFitScore(parsed.data.score),
        matched: matched.map((m) => ({ requirement: m.requirement, terms: m.terms.slice(0, 8) })),
        missed,
        summary: fitSummary(matched.length, input.requirements.length),
      };
    },
  };
}

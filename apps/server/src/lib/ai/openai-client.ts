import { z } from 'zod';
import {
  AI_WIZARD_QUESTIONS,
  locationPhrase,
  type TAiDescriptionInput,
} from '@hirecast/domain/ai-description';
import { deltaHasText } from '@hirecast/domain/job';
import { markdownToDelta } from './markdown-to-delta.ts';
import { AiProviderError, type TAiService } from './types.ts';

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
export function createOpenAiClient(config: TOpenAiConfig, fetchImpl: typeof fetch = fetch): TAiService {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    kind: 'openai',
    describeJob: async (input) => {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.7,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: buildPrompt(input) },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new AiProviderError('AI provider unreachable or timed out', { cause: err });
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw new AiProviderError(`AI provider answered ${response.status}: ${body.slice(0, 300)}`);
      }
      const json: unknown = await response.json().catch(() => null);
      const parsed = ZCompletion.safeParse(json);
      if (!parsed.success) throw new AiProviderError('AI provider answer is not a chat completion');
      const delta = markdownToDelta(parsed.data.choices[0]!.message.content);
      if (!deltaHasText(delta)) throw new AiProviderError('AI provider answered an empty description');
      return delta;
    },
  };
}

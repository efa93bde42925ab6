import type { TAiDescriptionInput } from '@hirecast/domain/ai-description';
import type { TDelta } from '@hirecast/domain/job';
import type { TFitScore, TScreeningInput } from '@hirecast/domain/screening';

// ARCHITECTURE.md, Embedded defaults: AI sits behind this interface. The offline composer and ranker are the default;
// an OpenAI-compatible endpoint replaces it when AI_BASE_URL is set.
export type TAiService = {
  kind: 'offline' | 'openai';
  /** A job description as a Quill Delta, built from the wizard's answers (spec 1 §4 AI description wizard). */
  describeJob: (input: TAiDescriptionInput) => Promise<TDelta>;
  /** A CV's fit to a job, 0 to 5 with one decimal, with the requirements met and missed (issue 6 item 7). */
  scoreCv: (input: TScreeningInput) => Promise<TFitScore>;
  /**
   * Issue 34 item 5 (decision 038): the model's points about one interview answer, each with a quote and its
   * time, as it answered them (the caller keeps only those `validSummary` accepts). Only with an endpoint: the
   * offline AI writes no summaries.
   */
  summarizeAnswer?: (input: TAnswerSummaryInput) => Promise<unknown>;
};

export type TAnswerSummaryInput = {
  question: string;
  segments: { start: number; end: number; text: string }[];
  language: string | null;
};

/** Thrown by an implementation when the provider fails or answers something unusable. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}

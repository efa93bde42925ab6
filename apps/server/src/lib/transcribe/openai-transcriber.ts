import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { transcriptMessages, type TTranscriptSegment } from '@hirecast/domain/transcript';

// Issue 34: any OpenAI-compatible speech-to-text endpoint (OpenAI Whisper, Azure OpenAI, Groq, vLLM, speaches,
// whisper.cpp's server, LocalAI): POST {TRANSCRIBE_BASE_URL}/audio/transcriptions, multipart, with a bearer key.
// The key and the sound never reach a log: errors carry only the status and our own words.

export type TTranscriberConfig = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };

export type TEngineAnswer = {
  /** As the engine names it ("english", "en"), or null. */
  language: string | null;
  /** Of the sound it heard, in seconds, when it says. */
  duration: number | null;
  segments: TTranscriptSegment[];
};

export type TTranscriber = {
  model: string;
  transcribe: (
    file: string,
    options: { language?: string | null; contentType: string; signal?: AbortSignal },
  ) => Promise<TEngineAnswer>;
};

/**
 * A request the engine did not answer usefully. `transient`: worth trying again (429, 5xx, 408, a time-out, no
 * connection), after `retryAfterMs` when the engine said so; otherwise it will not heal by waiting.
 */
export class TranscribeError extends Error {
  readonly transient: boolean;
  readonly status: number | null;
  readonly timedOut: boolean;
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    detail: { transient: boolean; status?: number; timedOut?: boolean; retryAfterMs?: number | null },
  ) {
    super(message);
    this.name = 'TranscribeError';
    this.transient = detail.transient;
    this.status = detail.status ?? null;
    this.timedOut = detail.timedOut ?? false;
    this.retryAfterMs = detail.retryAfterMs ?? null;
  }
}

const ZWord = z.object({ word: z.string(), start: z.number(), end: z.number() });
const ZSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  // speaches (faster-whisper) puts the words in their segments; OpenAI lists them beside the segments.
  words: z.array(ZWord).nullish(),
});
const ZVerboseJson = z.object({
  text: z.string().nullish(),
  language: z.string().nullish(),
  duration: z.coerce.number().nullish(),
  segments: z.array(ZSegment).nullish(),
  words: z.array(ZWord).nullish(),
});

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
type TWord = z.infer<typeof ZWord>;

/** The engine's answer as segments, each with its own words where the engine gave words. */
export function readVerboseJson(json: unknown): TEngineAnswer | null {
  const parsed = ZVerboseJson.safeParse(json);
  if (!parsed.success) return null;
  const answer = parsed.data;
  const word = (w: TWord) => ({ start: round(w.start), end: round(w.end), word: w.word });
  let segments: TTranscriptSegment[] = (answer.segments ?? []).map((s) => ({
    start: round(s.start),
    end: round(Math.max(s.start, s.end)),
    text: s.text.trim(),
    ...(s.words && s.words.length > 0 && { words: s.words.map(word) }),
  }));
  if (segments.length === 0 && answer.text?.trim())
    segments = [{ start: 0, end: round(answer.duration ?? 0), text: answer.text.trim() }];
  const loose = answer.words ?? [];
  if (loose.length > 0)
    for (const segment of segments) {
      if (segment.words) continue;
      const inside = loose.filter((w) => {
        const middle = (w.start + w.end) / 2;
        return middle >= segment.start && middle <= segment.end;
      });
      if (inside.length > 0) segment.words = inside.map(word);
    }
  return {
    language: answer.language ?? null,
    duration: answer.duration ?? null,
    segments: segments.filter((s) => s.text),
  };
}

export function createOpenAiTranscriber(
  config: TTranscriberConfig,
  fetchImpl: typeof fetch = fetch,
): TTranscriber {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    model: config.model,
    async transcribe(file, { language, contentType, signal }) {
      const form = new FormData();
      form.append('file', await openAsBlob(file, { type: contentType }), basename(file));
      form.append('model', config.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
      if (language) form.append('language', language);
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let status: number;
      let text: string;
      let retryAfter: string | null;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
          },
          body: form,
          signal: both,
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        text = await response.text();
      } catch (err) {
        if (signal?.aborted) throw err;
        if (timeout.aborted)
          throw new TranscribeError('the engine did not answer in time', { transient: true, timedOut: true });
        throw new TranscribeError('the engine could not be reached', { transient: true });
      }
      if (status === 413)
        throw new TranscribeError(transcriptMessages.tooLarge, { transient: false, status });
      if (status === 429 || status === 408 || status >= 500)
        throw new TranscribeError(`the engine answered ${status}`, {
          transient: true,
          status,
          retryAfterMs: retryAfterMs(retryAfter),
        });
      if (status < 200 || status >= 300)
        throw new TranscribeError(transcriptMessages.rejected(status), { transient: false, status });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new TranscribeError(transcriptMessages.unreadable, { transient: false, status });
      }
      const answer = readVerboseJson(json);
      if (!answer) throw new TranscribeError(transcriptMessages.unreadable, { transient: false, status });
      return answer;
    },
  };
}

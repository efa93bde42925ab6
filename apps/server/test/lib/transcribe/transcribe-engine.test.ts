import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { transcriptMessages } from '@hirecast/domain/transcript';
import {
  readVerboseJson,
  retryAfterMs,
  TranscribeError,
} from '../../../src/lib/transcribe/openai-transcriber.ts';
import { withEngineRetries } from '../../../src/modules/transcripts/engine-retry.ts';

// Issue 34: what is read of an engine's answer, and the retry policy, without a server (transcripts.test.ts
// runs them against one).
const log = pino({ level: 'silent' });

describe('readVerboseJson', () => {
  it('takes words listed inside segments (faster-whisper servers)', () => {
    expect(
      readVerboseJson({
        language: 'en',
        segments: [
          { start: 0, end: 1.23456, text: ' Hi there ', words: [{ start: 0.1, end: 0.4, word: 'Hi' }] },
        ],
      }),
    ).toEqual({
      language: 'en',
      duration: null,
      segments: [{ start: 0, end: 1.235, text: 'Hi there', words: [{ start: 0.1, end: 0.4, word: 'Hi' }] }],
    });
  });

  it('makes one segment of an answer with only text, and refuses one that is not a transcription', () => {
    expect(readVerboseJson({ text: ' Hello ', duration: 2.5 })?.segments).toEqual([
      { start: 0, end: 2.5, text: 'Hello' },
    ]);
    expect(readVerboseJson({ segments: [{ start: 'soon' }] })).toBeNull();
    expect(readVerboseJson('text')).toBeNull();
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(retryAfterMs('Sun, 06 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('later')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('withEngineRetries', () => {
  const signal = new AbortController().signal;
  const policy = { tries: 3, baseDelayMs: 10, maxWaitMs: 1_000 };
  const failing = (errors: TranscribeError[]) => {
    let calls = 0;
    return {
      run: async () => {
        const err = errors[calls++];
        if (err) throw err;
        return 'ok';
      },
      calls: () => calls,
    };
  };

  it('gives up after its tries with the reason to store', async () => {
    const engine = failing(
      [0, 1, 2].map(() => new TranscribeError('x', { transient: true, timedOut: true })),
    );
    await expect(withEngineRetries(engine.run, { policy, signal, log, assetId: 'a' })).rejects.toMatchObject({
      message: transcriptMessages.timedOut(3),
      transient: false,
    });
    expect(engine.calls()).toBe(3);
  });

  it('does not wait for an engine asking for longer than the longest wait', async () => {
    const engine = failing([
      new TranscribeError('x', { transient: true, status: 429, retryAfterMs: 60_000 }),
    ]);
    await expect(withEngineRetries(engine.run, { policy, signal, log, assetId: 'a' })).rejects.toMatchObject({
      message: transcriptMessages.kept(429, 1),
    });
    expect(engine.calls()).toBe(1);
  });

  it('throws a failure that will not heal at once', async () => {
    const engine = failing([
      new TranscribeError(transcriptMessages.tooLarge, { transient: false, status: 413 }),
    ]);
    await expect(withEngineRetries(engine.run, { policy, signal, log, assetId: 'a' })).rejects.toThrow(
      transcriptMessages.tooLarge,
    );
    expect(engine.calls()).toBe(1);
  });
});

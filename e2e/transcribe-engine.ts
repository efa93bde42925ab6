import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

// Issue 34: the local speech engine of the e2e run, speaking the OpenAI contract every engine Hirecast supports
// answers (POST /v1/audio/transcriptions, multipart `file`, `model`, `response_format=verbose_json`,
// `timestamp_granularities[]`). It hears nothing: it answers a known transcript, one sentence every
// ENGINE_SENTENCE_SECONDS over the uploaded sound's real duration (ffprobe; else the size of an MP3 at 32 kb/s,
// which is what the server sends), so a test can say which words are on screen at a given moment.
//
// A fixed port derived from E2E_PORT (as google-mock.ts) so two engineers' runs side by side do not meet. It runs
// for the whole e2e run (playwright.config.ts starts it beside the server as a second web server and points
// TRANSCRIBE_BASE_URL at it): every video any test uploads is transcribed, whichever spec runs first.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const TRANSCRIBE_ENGINE_PORT = E2E_PORT + 11_000;
export const TRANSCRIBE_ENGINE_URL = `http://127.0.0.1:${TRANSCRIBE_ENGINE_PORT}/v1`;

export const ENGINE_SENTENCE_SECONDS = 2;
/** Short enough that each is one caption cue (at most 42 characters a line). */
export const ENGINE_SENTENCES = [
  'Welcome to the team.',
  'We build tools people love.',
  'You will work with great colleagues.',
  'Tell us about your best project.',
  'We hope to hear from you soon.',
] as const;

/** The sentence the engine says at `seconds` into a video it heard (the sentences repeat in order). */
export function engineSentenceAt(seconds: number): string {
  const index = Math.floor(seconds / ENGINE_SENTENCE_SECONDS);
  return ENGINE_SENTENCES[index % ENGINE_SENTENCES.length]!;
}

const execFileAsync = promisify(execFile);
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The sound's duration in seconds: ffprobe's, else an MP3 at 32 kb/s of this size. */
async function durationOf(audio: Uint8Array, name: string): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-e2e-engine-'));
  try {
    const file = join(dir, name.replace(/[^\w.-]/g, '_') || 'audio');
    await writeFile(file, audio);
    const { stdout } = await execFileAsync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      file,
    ]);
    const seconds = Number(stdout.trim());
    if (Number.isFinite(seconds) && seconds > 0) return seconds;
  } catch {
    // Not a file ffprobe reads: fall back on the size.
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return (audio.byteLength * 8) / 32_000;
}

/** The verbose_json answer for sound of `duration` seconds, as OpenAI writes it (segments and words beside). */
export function engineAnswer(duration: number) {
  const segments: { id: number; start: number; end: number; text: string }[] = [];
  for (let start = 0, id = 0; start < duration - 0.05; start += ENGINE_SENTENCE_SECONDS, id++) {
    segments.push({
      id,
      start: round(start),
      end: round(Math.min(duration, start + ENGINE_SENTENCE_SECONDS)),
      text: engineSentenceAt(start),
    });
  }
  return {
    task: 'transcribe',
    language: 'english',
    duration: round(duration),
    text: segments.map((s) => s.text).join(' '),
    segments: segments.map((s) => ({ ...s, seek: 0, tokens: [], temperature: 0 })),
  };
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const invalid = (message: string) => ({ error: { message, type: 'invalid_request_error' } });

export function createTranscribeEngine(): Server {
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') return reply(res, 200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
      return reply(res, 404, invalid('Not found'));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        try {
          const form = await new Request('http://engine/v1/audio/transcriptions', {
            method: 'POST',
            headers: { 'content-type': req.headers['content-type'] ?? '' },
            body: Buffer.concat(chunks),
          }).formData();
          const file = form.get('file');
          if (!(file instanceof Blob) || file.size === 0) return reply(res, 400, invalid('No file'));
          if (!form.get('model')) return reply(res, 400, invalid('No model'));
          if (form.get('response_format') !== 'verbose_json')
            return reply(res, 400, invalid('This engine answers verbose_json only'));
          const name = file instanceof File ? file.name : 'audio';
          const duration = await durationOf(new Uint8Array(await file.arrayBuffer()), name);
          reply(res, 200, engineAnswer(duration));
        } catch {
          reply(res, 400, invalid('Could not read the multipart form'));
        }
      })();
    });
  });
}

export async function startTranscribeEngine(port = TRANSCRIBE_ENGINE_PORT): Promise<Server> {
  const server = createTranscribeEngine();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

// `node e2e/transcribe-engine.ts`: how playwright.config.ts runs it for the whole e2e run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startTranscribeEngine();
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

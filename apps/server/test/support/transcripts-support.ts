import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Issue 34: a local speech engine speaking the OpenAI contract (POST /v1/audio/transcriptions, multipart), and
// test videos with real speech (espeak-ng) or a long tone, made cheaply by ffmpeg.

const execFileAsync = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'hirecast-transcribe-'));

export type TReceivedAudio = {
  name: string;
  type: string;
  size: number;
  /** From here on: as ffprobe and ffmpeg read the file, after `settled()`. */
  format: string;
  codec: string;
  sampleRate: number;
  channels: number;
  duration: number;
  /** ffmpeg's volumedetect mean volume, dB: speech is far above the -91 dB of silence. */
  meanVolume: number;
};
/** How long an MP3 of `bytes` at 32 kb/s plays, in seconds (within a frame: what a responder may use). */
export const mp3Seconds = (bytes: number) => (bytes * 8) / 32_000;
export type TEngineRequest = {
  at: number;
  path: string;
  authorization: string | undefined;
  fields: Record<string, string[]>;
  audio: TReceivedAudio | null;
};
export type TEngineReply = {
  status: number;
  headers?: Record<string, string>;
  body: string;
  delayMs?: number;
};
export type TResponder = (request: TEngineRequest, index: number) => TEngineReply;

/** ffprobe, run without blocking: the engine shares its process with the worker that waits for it. */
async function probeAudio(
  file: string,
): Promise<Omit<TReceivedAudio, 'name' | 'type' | 'size' | 'meanVolume'>> {
  const { stdout } = await execFileAsync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const out = JSON.parse(stdout) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string; sample_rate: string; channels: number }[];
  };
  const stream = out.streams[0]!;
  return {
    format: out.format.format_name,
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    duration: Number(out.format.duration),
  };
}

/** ffmpeg's volumedetect mean volume in dB (it writes it on stderr); run after the answer, off its path. */
async function volumeOf(file: string): Promise<number> {
  const { stderr } = await execFileAsync('ffmpeg', [
    '-v',
    'info',
    '-nostdin',
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(stderr);
  return match ? Number(match[1]) : Number.NaN;
}

/** A verbose_json answer as OpenAI writes it: segments, and the words listed beside them. */
export function verboseJson(input: {
  language?: string;
  duration: number;
  segments: { start: number; end: number; text: string }[];
  words?: { start: number; end: number; word: string }[];
}) {
  return JSON.stringify({
    task: 'transcribe',
    language: input.language ?? 'english',
    duration: input.duration,
    text: input.segments.map((s) => s.text).join(' '),
    segments: input.segments.map((s, id) => ({ id, seek: 0, tokens: [], temperature: 0, ...s })),
    ...(input.words && { words: input.words }),
  });
}

const ok = (body: string): TEngineReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body,
});
export const replies = {
  ok,
  status: (status: number, headers: Record<string, string> = {}): TEngineReply => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ error: { message: `status ${status}` } }),
  }),
  malformed: (): TEngineReply => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"text": "Hel',
  }),
};

/**
 * The engine: records every request (its fields, its key, and its audio as ffprobe reads it, after `settled()`)
 * and answers with the next queued responder, else `fallback`.
 */
export async function startEngine(fallback: TResponder) {
  const requests: TEngineRequest[] = [];
  const queued: TResponder[] = [];
  const pending: Promise<void>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const at = Date.now();
        const form = await new Request(`http://engine${req.url}`, {
          method: 'POST',
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }).formData();
        const fields: Record<string, string[]> = {};
        let audio: TReceivedAudio | null = null;
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') (fields[name] ??= []).push(value);
          else {
            const file = join(dir, `${randomUUID()}-${value.name}`);
            await writeFile(file, Buffer.from(await value.arrayBuffer()));
            // Answered at once; what ffprobe and ffmpeg read of the sound is filled in after (`settled()`), so
            // the answer's time is the test's to choose, however busy the machine.
            const received: TReceivedAudio = {
              name: value.name,
              type: value.type,
              size: value.size,
              format: '',
              codec: '',
              sampleRate: 0,
              channels: 0,
              duration: Number.NaN,
              meanVolume: Number.NaN,
            };
            pending.push(
              (async () => {
                Object.assign(received, await probeAudio(file));
                received.meanVolume = await volumeOf(file);
              })(),
            );
            audio = received;
          }
        }
        const request: TEngineRequest = {
          at,
          path: req.url ?? '',
          authorization: (req.headers as IncomingHttpHeaders).authorization,
          fields,
          audio,
        };
        const index = requests.push(request) - 1;
        const reply = (queued.shift() ?? fallback)(request, index);
        if (reply.delayMs) await sleep(reply.delayMs);
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** The next requests' answers, in order. */
    next: (...responders: TResponder[]) => void queued.push(...responders),
    /** Waits for what is read of the received sound after answering (its format, length and volume). */
    settled: () => Promise.all(pending),
    reset: () => {
      requests.length = 0;
      queued.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-nostdin', ...args]);

/** A small MP4 (160x90, 10 fps) of `text` spoken by espeak-ng. */
export function spokenVideo(text: string) {
  const wav = join(dir, `${randomUUID()}.wav`);
  execFileSync('espeak-ng', ['-v', 'en', '-s', '160', '-w', wav, text]);
  const file = join(dir, `${randomUUID()}.mp4`);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=black:s=160x90:r=10',
    '-i',
    wav,
    // The picture ends with the speech (-shortest alone leaves the endless colour source a few frames longer).
    '-t',
    String(durationOf(wav)),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-y',
    file,
  ]);
  return { body: new Uint8Array(readFileSync(file)), file };
}

/** A cheap long MP4: a 440 Hz tone over a still 64x64 picture at 1 frame a second. */
export function toneVideo(seconds: number) {
  const file = join(dir, `${randomUUID()}.mp4`);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=64x64:r=1:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-t',
    String(seconds),
    '-y',
    file,
  ]);
  return { body: new Uint8Array(readFileSync(file)), file };
}

/** ffprobe's duration of a file, in seconds. */
export function durationOf(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(out.toString().trim());
}

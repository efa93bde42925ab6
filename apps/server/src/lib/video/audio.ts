import { runTool } from './ffmpeg.ts';

/**
 * The sound speech engines are sent (decision 034): mono, 16 kHz (what Whisper-style models listen at), MP3 at
 * 32 kb/s, which every OpenAI-compatible engine reads. Ten minutes weigh 2.4 MB, far under the 25 MB upload
 * limit of the strictest engines.
 */
export const SPEECH_AUDIO = {
  sampleRate: 16_000,
  channels: 1,
  bitRate: '32k',
  contentType: 'audio/mpeg',
} as const;

/** Writes the sound of `source` from `start` for `length` seconds (whole when not given) to `output` (.mp3). */
export async function extractSpeechAudio(
  ffmpeg: string,
  input: { source: string; output: string; start?: number; length?: number },
  signal?: AbortSignal,
) {
  const args = ['-v', 'error', '-nostdin'];
  // Before -i: a fast seek, still exact because the sound is decoded and encoded again.
  if (input.start) args.push('-ss', input.start.toFixed(3));
  args.push('-i', input.source);
  if (input.length !== undefined) args.push('-t', input.length.toFixed(3));
  args.push(
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    String(SPEECH_AUDIO.channels),
    '-ar',
    String(SPEECH_AUDIO.sampleRate),
    '-c:a',
    'libmp3lame',
    '-b:a',
    SPEECH_AUDIO.bitRate,
    '-f',
    'mp3',
    '-y',
    input.output,
  );
  await runTool(ffmpeg, args, { signal });
}

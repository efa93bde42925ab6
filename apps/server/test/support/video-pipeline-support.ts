import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { videoAssets } from '@hirecast/db/schema';
import { createCompany } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import type { TStorage } from '../../src/lib/context.ts';

const dir = mkdtempSync(join(tmpdir(), 'hirecast-clips-'));

/** A tiny test clip made by ffmpeg: testsrc (+ a sine tone when `audio`), `rotate` as a display matrix. */
export function makeClip(input: {
  width: number;
  height: number;
  seconds: number;
  audio: boolean;
  rotate?: number;
  /** The sound's codec: AAC (default) or Opus, as Chrome's MediaRecorder writes into MP4. */
  audioCodec?: 'aac' | 'opus';
  /** The sound's channels: 1 (default, the sine tone as it is) or 2. */
  channels?: 1 | 2;
  /** yuv420p (default); yuv444p makes H.264 High 4:4:4, which browsers do not play. */
  pixFmt?: 'yuv420p' | 'yuv444p';
}) {
  const file = join(dir, `${randomUUID()}.mp4`);
  const args = [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${input.seconds}:size=${input.width}x${input.height}:rate=25`,
  ];
  if (input.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${input.seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', input.pixFmt ?? 'yuv420p');
  if (input.audio) args.push('-c:a', input.audioCodec === 'opus' ? 'libopus' : 'aac');
  if (input.audio && input.channels === 2) args.push('-ac', '2');
  args.push('-y', file);
  execFileSync('ffmpeg', args);
  if (!input.rotate) return new Uint8Array(readFileSync(file));
  // ffmpeg 5 keeps the rotate tag (as a display matrix) only on a stream copy, as a phone would write it.
  const rotated = file.replace(/\.mp4$/, '-rotated.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${input.rotate}`,
    '-y',
    rotated,
  ]);
  return new Uint8Array(readFileSync(rotated));
}

export const corruptClip = () => new Uint8Array(randomBytes(64 * 1024));

/** An upload cut short: the first half of an H.264 MP4 whose index (moov) was written at its end. */
export const truncatedClip = () => {
  const whole = makeClip({ width: 640, height: 360, seconds: 2, audio: true });
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/**
 * The MD5 of a file's first video stream as stored (its packets, copied, not decoded): equal for two files
 * only when one's video was copied from the other without being encoded again.
 */
export function videoPacketsMd5(body: Uint8Array) {
  const file = join(dir, `${randomUUID()}.bin`);
  writeFileSync(file, body);
  const out = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return out.toString().trim();
}

/**
 * A WebM as a browser's MediaRecorder writes it: VP8 (+ Opus), produced while recording, so its header has no
 * duration. ffmpeg 5 still writes one into piped WebM; `-live 1` leaves it out, as a recorder does.
 */
export function makeRecordedWebm(input: { width: number; height: number; seconds: number; audio: boolean }) {
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${input.width}x${input.height}:rate=30`];
  if (input.audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440');
  args.push('-t', String(input.seconds), '-c:v', 'libvpx', '-deadline', 'realtime');
  if (input.audio) args.push('-c:a', 'libopus');
  args.push('-live', '1', '-f', 'webm', 'pipe:1');
  const file = join(dir, `${randomUUID()}.webm`);
  writeFileSync(file, execFileSync('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 }));
  return { file, body: new Uint8Array(readFileSync(file)) };
}

/**
 * A recorder WebM whose frames came unevenly, as on a busy computer: millisecond timestamps at uneven gaps
 * (every 37 ms and every 53 ms), so ffprobe guesses 1000 frames a second.
 */
export function makeUnevenRecordedWebm(seconds: number) {
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=320x180:rate=1000:duration=${seconds}`];
  args.push('-vf', "select='not(mod(n,37))+not(mod(n,53))'", '-fps_mode', 'vfr');
  args.push('-c:v', 'libvpx', '-deadline', 'realtime', '-live', '1', '-f', 'webm', 'pipe:1');
  const file = join(dir, `${randomUUID()}.webm`);
  writeFileSync(file, execFileSync('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 }));
  return { file, body: new Uint8Array(readFileSync(file)) };
}

/** ffprobe's video frame rate guess (r_frame_rate) of a file, in frames a second. */
export function guessedFrameRate(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=r_frame_rate',
    '-of',
    'csv=p=0',
    file,
  ]);
  const [num, den] = out.toString().trim().split('/').map(Number);
  return num! / (den || 1);
}

/** ffprobe's format and stream durations of a file (undefined where it reports none). */
export function reportedDurations(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'format=duration:stream=duration',
    file,
  ]);
  const parsed = JSON.parse(out.toString()) as {
    format?: { duration?: string };
    streams: { duration?: string }[];
  };
  return { format: parsed.format?.duration, streams: parsed.streams.map((s) => s.duration) };
}

/** Puts `body` into storage as an uploaded original and creates its asset row (status 'new'). */
export async function createUploadedAsset(
  db: TDb,
  storage: TStorage,
  body: Uint8Array,
  type: { ext: string; contentType: string } = { ext: 'mp4', contentType: 'video/mp4' },
) {
  const company = await createCompany(db);
  const originalKey = `uploads/${company.id}/${randomUUID()}.${type.ext}`;
  await storage.put({ key: originalKey, body, contentType: type.contentType });
  const [asset] = await db
    .insert(videoAssets)
    .values({ companyId: company.id, title: 'Clip', fileName: `clip.${type.ext}`, originalKey })
    .returning();
  return asset!;
}

export type TStreamInfo = {
  codec_type: string;
  codec_name: string;
  /** Seconds, as ffprobe reads it (a string). */
  start_time?: string;
  width?: number;
  height?: number;
  nb_frames?: string;
  pix_fmt?: string;
  /** Sound: its channels and bits a second (a string), as ffprobe reads them. */
  channels?: number;
  bit_rate?: string;
};

/** ffprobe of stored bytes: the streams, and whether the moov atom comes before mdat (fast start). */
export function inspectMp4(body: Uint8Array) {
  const file = join(dir, `${randomUUID()}.mp4`);
  writeFileSync(file, body);
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  const { streams, format } = JSON.parse(out.toString()) as {
    streams: TStreamInfo[];
    format: { duration: string; start_time: string };
  };
  const bytes = Buffer.from(body);
  const moov = bytes.indexOf('moov');
  const mdat = bytes.indexOf('mdat');
  return {
    streams,
    duration: Number(format.duration),
    start: Number(format.start_time),
    fastStart: moov > 0 && moov < mdat,
  };
}

/**
 * A take as Chrome's MediaRecorder records `video/mp4;codecs=avc1,opus`, recorded in Chromium 156 (fake camera,
 * 320x240, 2.5 s): H.264 Constrained Baseline and Opus in a fragmented MP4 (ftyp, moov, one moof and mdat, mfra),
 * starting at 0, its track headers' durations in milliseconds whatever their timescale (as Chrome writes them).
 */
export const chromeTake = () =>
  new Uint8Array(readFileSync(new URL('./fixtures/chrome-take.mp4', import.meta.url)));

/**
 * An MP4 whose timestamps start late, as a file cut out of a longer recording does: the Chrome take above with
 * its fragment times moved 5.3 s on. ffprobe reads it as starting at 5.3 s and lasting 7.8 s (from time 0).
 */
export const mp4StartingLate = () =>
  new Uint8Array(readFileSync(new URL('./fixtures/mp4-starting-late.mp4', import.meta.url)));

/** The time of the first decoded video frame and of the first decoded sound, in seconds. */
export function firstFrameTimes(body: Uint8Array) {
  const file = join(dir, `${randomUUID()}.mp4`);
  writeFileSync(file, body);
  const first = (stream: string) =>
    Number(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-select_streams',
        stream,
        '-show_entries',
        'frame=pts_time',
        '-read_intervals',
        '%+#5',
        '-of',
        'csv=p=0',
        file,
      ])
        .toString()
        .trim()
        .split('\n')[0],
    );
  return { video: first('v:0'), audio: first('a:0') };
}

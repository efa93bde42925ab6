import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMPLATE_SOUNDTRACKS } from '@hirecast/domain/video-template';
import { resolveTool, runTool } from '../../lib/video/ffmpeg.ts';

// spec 3 §3: eleven soundtracks, names not shown. They are synthesised by ffmpeg at first use (royalty-free by
// construction, nothing downloaded) and kept in DATA_DIR/soundtracks: 30 s loops of a four-chord progression
// as a soft pad, a bass note and a plucked arpeggio. Each differs in key, mode, progression, tempo and
// arpeggio speed. A loop is 2, 3 or 4 repeats of its progression, so it loops without a seam.

export const SOUNDTRACK_SECONDS = 30;

type TPreset = {
  /** Root frequencies (Hz) of the four chords. */
  roots: [number, number, number, number];
  minor: boolean;
  /** Seconds per chord: 4 chords × bar divides 30 s. */
  bar: 1.875 | 2.5 | 3.75;
  /** Arpeggio notes per second (0: none). */
  arp: number;
};

// Semitone steps above A3 (220 Hz).
const note = (semitones: number) => Math.round(220 * 2 ** (semitones / 12) * 100) / 100;

const PRESETS: TPreset[] = [
  { roots: [note(3), note(10), note(0), note(8)], minor: false, bar: 2.5, arp: 4 }, // C G Am F
  { roots: [note(0), note(8), note(3), note(10)], minor: true, bar: 3.75, arp: 2 }, // Am F C G, slow
  { roots: [note(5), note(0), note(-2), note(7)], minor: false, bar: 1.875, arp: 8 }, // D A G E, bright
  { roots: [note(-2), note(5), note(7), note(0)], minor: false, bar: 2.5, arp: 0 }, // pad only
  { roots: [note(7), note(3), note(-2), note(5)], minor: true, bar: 2.5, arp: 6 },
  { roots: [note(1), note(6), note(8), note(6)], minor: false, bar: 3.75, arp: 3 },
  { roots: [note(10), note(5), note(0), note(3)], minor: false, bar: 1.875, arp: 4 },
  { roots: [note(2), note(-2), note(5), note(0)], minor: true, bar: 3.75, arp: 0 },
  { roots: [note(8), note(3), note(10), note(5)], minor: false, bar: 2.5, arp: 5 },
  { roots: [note(4), note(11), note(9), note(6)], minor: true, bar: 1.875, arp: 8 },
  { roots: [note(6), note(1), note(3), note(11)], minor: false, bar: 2.5, arp: 2 },
];

/** The aevalsrc expression of one preset (mono, -1..1). */
export function soundtrackExpression(p: TPreset): string {
  const loop = 4 * p.bar;
  const chord = `floor(mod(t,${loop})/${p.bar})`;
  const root = `if(eq(${chord},0),${p.roots[0]},if(eq(${chord},1),${p.roots[1]},if(eq(${chord},2),${p.roots[2]},${p.roots[3]})))`;
  const third = p.minor ? 1.1892 : 1.2599;
  // A 60 ms fade at each chord change: the phases jump there, the fade keeps it from clicking.
  const inBar = `mod(t,${p.bar})`;
  const env = `min(1,min(${inBar}/0.06,(${p.bar}-${inBar})/0.06))`;
  const pad = `0.16*(sin(2*PI*R*t)+0.8*sin(2*PI*R*${third}*t)+0.7*sin(2*PI*R*1.4983*t)+0.25*sin(4*PI*R*t))`;
  const bass = `0.22*sin(PI*R*t)`;
  const parts = [pad, bass];
  if (p.arp > 0) {
    const step = `floor(t*${p.arp})`;
    const ratio = `if(eq(mod(${step},4),0),2,if(eq(mod(${step},4),1),${2 * third},if(eq(mod(${step},4),2),${2 * 1.4983},${2 * third})))`;
    parts.push(`0.14*exp(-9*mod(t,${1 / p.arp}))*sin(2*PI*R*${ratio}*t)`);
  }
  return `(${parts.join('+')})*${env}`.replaceAll('R', `(${root})`);
}

/**
 * The local path of soundtrack `id` ('soundtrack-1'…'soundtrack-11'), generated on first use. Concurrent
 * callers may both generate it; each writes its own temporary file and the rename keeps one.
 */
export async function soundtrackFile(id: string, dataDir: string, ffmpeg?: string): Promise<string> {
  const index = TEMPLATE_SOUNDTRACKS.indexOf(id);
  const preset = PRESETS[index];
  if (index < 0 || !preset) throw new Error(`Unknown soundtrack ${id}`);
  const dir = join(dataDir, 'soundtracks');
  const file = join(dir, `${id}.m4a`);
  if (await exists(file)) return file;
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const ffmpegPath = ffmpeg ?? resolveTool('ffmpeg', undefined, '');
  const cycle = 4 * preset.bar;
  try {
    // One cycle of the progression is synthesised (aevalsrc evaluates its expression per sample, the slow
    // part), then repeated to 30 s as PCM, so the repeats join without a seam, and encoded once.
    await runTool(ffmpegPath, [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `aevalsrc='${soundtrackExpression(preset)}':s=48000:d=${cycle}`],
      ...['-af', 'lowpass=f=5000,volume=0.9', '-c:a', 'pcm_s16le', '-f', 'wav', `${tmp}.wav`],
    ]);
    await runTool(ffmpegPath, [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-stream_loop', String(SOUNDTRACK_SECONDS / cycle - 1), '-i', `${tmp}.wav`],
      ...['-t', String(SOUNDTRACK_SECONDS), '-ac', '2', '-c:a', 'aac', '-b:a', '128k'],
      ...['-movflags', '+faststart', '-f', 'mp4', `${tmp}.m4a`],
    ]);
    await rename(`${tmp}.m4a`, file);
  } finally {
    await rm(`${tmp}.wav`, { force: true });
    await rm(`${tmp}.m4a`, { force: true });
  }
  return file;
}

async function exists(file: string) {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

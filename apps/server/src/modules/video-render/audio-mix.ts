import type { TTemplateData } from '@hirecast/domain/video-template';
import type { TTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import type { TVideoTools } from '../../lib/video/ffmpeg.ts';
import type { TClipInfo } from './render-plan.ts';
import { runFfmpegOrFail } from './render-process.ts';

// The sound of a template, mixed by ffmpeg in the encoder: each clip's own audio at its scene's time (faded
// with the crossfades), and the soundtrack at the template's volume under the cards and under the clips that
// apply it. A silent bed as long as the video keeps the mix exactly that long when nothing else plays.

/** Seconds the soundtrack takes to come in and go out around the clips that do not apply it. */
const SOUNDTRACK_RAMP = 0.4;

const sec = (ms: number) => (ms / 1000).toFixed(3);

/** The time ranges (ms) under which the soundtrack plays: cards and applySoundtrack videos, merged. */
export function soundtrackRanges(timeline: TTemplateTimeline, data: TTemplateData): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const scene of timeline.scenes) {
    const section = data.sections[scene.sectionIndex];
    if (!section || (section.type === 'video' && !section.applySoundtrack)) continue;
    const last = ranges.at(-1);
    if (last && scene.startMs <= last[1]) last[1] = Math.max(last[1], scene.endMs);
    else ranges.push([scene.startMs, scene.endMs]);
  }
  return ranges;
}

/** The soundtrack's volume over time t (seconds), as an ffmpeg expression: ramps in and out of each range. */
export function soundtrackVolumeExpr(
  ranges: Array<[number, number]>,
  volume: number,
  durationMs: number,
): string {
  if (ranges.length === 0) return '0';
  const r = SOUNDTRACK_RAMP;
  const terms = ranges.map(([a, b]) => {
    // No ramp at the very start or end of the video: the music is simply there, and ends with the picture.
    const up = a <= 0 ? '1' : `clip((t-${sec(a)})/${r},0,1)`;
    const down = b >= durationMs ? '1' : `clip((${sec(b)}-t)/${r},0,1)`;
    return `${up}*${down}`;
  });
  return `${volume.toFixed(3)}*min(1,${terms.join('+')})`;
}

export type TAudioClip = {
  /** The ffmpeg input index of the clip. */
  input: number;
  startMs: number;
  /** Seconds of the clip that play (the scene's length). */
  clipMs: number;
  fadeInMs: number;
  fadeOutMs: number;
};

/**
 * The -filter_complex graph producing [aout]: `bedInput` is an anullsrc input, `soundtrackInput` a looped
 * soundtrack input (or null).
 */
export function audioFilterGraph(opts: {
  durationMs: number;
  clips: TAudioClip[];
  soundtrackInput: number | null;
  soundtrackVolumeExpr: string;
  bedInput: number;
}): string {
  const norm = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const d = sec(opts.durationMs);
  const parts: string[] = [`[${opts.bedInput}:a]${norm},atrim=0:${d}[bed]`];
  const labels = ['[bed]'];
  for (const c of opts.clips) {
    const len = c.clipMs / 1000;
    const chain = [`${norm}`, `atrim=0:${len.toFixed(3)}`, 'asetpts=PTS-STARTPTS'];
    if (c.fadeInMs > 0) chain.push(`afade=t=in:st=0:d=${sec(c.fadeInMs)}`);
    if (c.fadeOutMs > 0) chain.push(`afade=t=out:st=${sec(c.clipMs - c.fadeOutMs)}:d=${sec(c.fadeOutMs)}`);
    if (c.startMs > 0) chain.push(`adelay=${Math.round(c.startMs)}:all=1`);
    parts.push(`[${c.input}:a:0]${chain.join(',')}[c${c.input}]`);
    labels.push(`[c${c.input}]`);
  }
  if (opts.soundtrackInput !== null) {
    parts.push(
      `[${opts.soundtrackInput}:a:0]${norm},atrim=0:${d},asetpts=PTS-STARTPTS,volume='${opts.soundtrackVolumeExpr}':eval=frame[music]`,
    );
    labels.push('[music]');
  }
  parts.push(
    `${labels.join('')}amix=inputs=${labels.length}:duration=first:normalize=0:dropout_transition=0,atrim=0:${d}[aout]`,
  );
  return parts.join(';');
}

/**
 * The sound, mixed and encoded while the picture is made: each clip's own audio at its scene's time, the
 * soundtrack at the template's volume, over a silent bed as long as the video.
 */
export async function renderAudio(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  data: TTemplateData;
  clips: Map<string, TClipInfo>;
  soundtrackFile?: string | null;
  outFile: string;
  signal: AbortSignal;
}): Promise<void> {
  const { timeline, data } = opts;
  const { durationMs } = timeline;
  const inputs: string[] = [];
  let next = 0;
  const audioClips: TAudioClip[] = [];
  for (const scene of timeline.scenes) {
    const clip = opts.clips.get(scene.sectionId);
    if (scene.kind !== 'video' || !clip?.hasAudio) continue;
    inputs.push('-vn', '-i', clip.file);
    audioClips.push({
      input: next++,
      startMs: scene.startMs,
      clipMs: scene.durationMs,
      fadeInMs: scene.fadeInMs,
      fadeOutMs: scene.fadeOutMs,
    });
  }
  let soundtrackInput: number | null = null;
  if (opts.soundtrackFile && data.volume > 0) {
    inputs.push('-stream_loop', '-1', '-i', opts.soundtrackFile);
    soundtrackInput = next++;
  }
  inputs.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000');
  const bedInput = next;
  const graph = audioFilterGraph({
    durationMs,
    clips: audioClips,
    soundtrackInput,
    soundtrackVolumeExpr: soundtrackVolumeExpr(soundtrackRanges(timeline, data), data.volume, durationMs),
    bedInput,
  });
  await runFfmpegOrFail(opts, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputs],
    ...['-filter_complex', graph, '-map', '[aout]'],
    ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'],
    ...['-t', (durationMs / 1000).toFixed(3), '-f', 'mp4', opts.outFile],
  ]);
}

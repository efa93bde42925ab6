import { createCanvas } from '@napi-rs/canvas';
import {
  drawTemplateOverlay,
  templateFrameContent,
  templateOverlayBand,
  type TTemplateRenderSegment,
} from '@hirecast/domain/video-template-draw';
import type { TTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { DEFAULT_X264_PRESET, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { clipFromFrame } from './clip-decoder.ts';
import {
  tailKey,
  TemplateRenderError,
  videoLabel,
  type TPartContext,
  type TRenderTemplateOptions,
} from './render-plan.ts';
import { runFfmpegOrFail, startFfmpeg } from './render-process.ts';

// Encoding a template render: the x264 settings every part shares, the clip parts (the clip's own frames), the
// encoder of the drawn parts, and the final join of the parts with the sound.

/** The x264 settings of every part, so the parts join without re-encoding. */
export function videoEncoderArgs(encoder: TRenderTemplateOptions['encoder']): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', encoder?.preset ?? DEFAULT_X264_PRESET],
    ...['-crf', String(encoder?.crf ?? 21)],
    ...['-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-color_range', 'tv'],
  ];
}

/**
 * A clip part: ffmpeg takes the clip's own frames (resampled to the template's rate and size) straight to
 * x264, as a plain re-encode would. A clip read with another matrix than BT.709 (BT.601: tagged so, or
 * untagged below 720 lines) is converted to BT.709, as the drawn parts convert it through RGB. Where the title
 * overlay shows, skia draws only the overlay's band (drawTemplateOverlay, transparent elsewhere) and ffmpeg lays
 * it over the clip.
 */
export async function encodeClipPart(
  ctx: TPartContext,
  seg: Extract<TTemplateRenderSegment, { kind: 'clip' }>,
  outFile: string,
): Promise<void> {
  const { timeline, data, clips, signal } = ctx;
  const clip = clips.get(seg.sectionId)!;
  const { width, height, fps } = timeline;
  const count = seg.endFrame - seg.startFrame;
  const tail = ctx.tails.get(tailKey(seg.sectionId, seg.clipFrame + count));
  const clipFilters = [
    clipFromFrame(seg.clipFrame, fps),
    // A file a frame short of its stated length still gives `count` frames (and its tail: the last holds).
    'tpad=stop_mode=clone:stop=-1',
    `scale=${width}:${height}:flags=bicubic`,
    ...toBt709(clip.matrix),
    'format=yuv420p',
    `setpts=N/(${fps}*TB)`,
  ].join(',');
  const band = seg.overlay
    ? templateOverlayBand(createCanvas(1, 1).getContext('2d'), {
        timeline,
        data,
        height,
        sectionId: seg.sectionId,
      })
    : null;
  const overlay = seg.overlay && band ? { ...seg.overlay, band } : null;
  // The picture: the clip, with the overlay's band laid over it from the overlay's first frame of this part.
  const picture = overlay
    ? [
        `[0:v]${clipFilters}[base]`,
        `[1:v]setpts=(N+${overlay.startFrame - seg.startFrame})/(${fps}*TB),` +
          'scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[band]',
        `[base][band]overlay=x=0:y=${overlay.band.top}:eof_action=pass:format=yuv420`,
      ]
    : [`[0:v]${clipFilters}`];
  // The tail: the frames after the part's own, back to RGBA (the overlay's band has ended by then, so they are
  // the clip's). Taken after the overlay, not beside it: a branch that only drops frames until the tail would
  // make ffmpeg read the clip ahead of the band and queue the part's frames (900 MB for a 17 s clip).
  const graph = [
    ...picture.slice(0, -1),
    tail
      ? `${picture.at(-1)},split=2[v][tailsrc];` +
        `[tailsrc]trim=start_frame=${count},setpts=PTS-STARTPTS,` +
        'scale=in_color_matrix=bt709:in_range=tv,format=rgba[tail]'
      : `${picture.at(-1)}[v]`,
  ].join(';');
  let reported = 0;
  const ffmpeg = startFfmpeg(
    ctx.tools,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1', '-y'],
      ...['-i', clip.file],
      ...(overlay ? ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${overlay.band.height}`] : []),
      ...(overlay ? ['-framerate', String(fps), '-i', 'pipe:0'] : []),
      ...['-filter_complex', graph, '-map', '[v]', '-frames:v', String(count)],
      ...videoEncoderArgs(ctx.encoder),
      ...['-an', '-f', 'mpegts', outFile],
      ...(tail ? ['-map', '[tail]', '-frames:v', String(tail.frames), '-f', 'rawvideo', tail.file] : []),
    ],
    {
      onStdout: (text) => {
        const frame = Number(/frame=(\d+)\s*$/m.exec(text)?.[1] ?? NaN);
        if (Number.isFinite(frame) && frame > reported) {
          const now = Math.min(frame, count);
          ctx.advance(now - reported);
          reported = now;
        }
      },
    },
  );
  const onAbort = () => ffmpeg.kill();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (overlay) {
      const canvas = createCanvas(width, overlay.band.height);
      const bandCtx = canvas.getContext('2d');
      // While the overlay holds still, its band is the same: drawn once, written again.
      let last = null as { shown: number; band: Buffer } | null;
      for (let i = overlay.startFrame; i < overlay.endFrame; i++) {
        signal.throwIfAborted();
        const tMs = (i * 1000) / fps;
        const content = templateFrameContent(timeline, data, tMs);
        const shown = content?.kind === 'clip' ? content.overlay : -1;
        if (last?.shown !== shown) {
          bandCtx.clearRect(0, 0, width, overlay.band.height);
          drawTemplateOverlay(bandCtx, { timeline, data, tMs, width, height, top: overlay.band.top });
          // getImageData gives straight (not premultiplied) alpha, which ffmpeg's overlay expects.
          const pixels = bandCtx.getImageData(0, 0, width, overlay.band.height).data;
          last = { shown, band: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength) };
        }
        await ffmpeg.write(last.band);
      }
    }
    await ffmpeg.finish();
    tail?.settle();
  } catch (err) {
    ffmpeg.kill();
    tail?.settle(err ?? new Error('The clip part failed'));
    signal.throwIfAborted();
    if (err instanceof TemplateRenderError) throw err;
    throw new TemplateRenderError(
      `${videoLabel(ctx, seg.sectionId)} cannot be decoded (${err instanceof Error ? err.message : String(err)})`,
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  ctx.advance(count - reported);
}

/** The filter that takes a clip's YUV from its matrix to BT.709 (none when it is BT.709 already). */
function toBt709(matrix: string): string[] {
  if (matrix === 'bt709') return [];
  const from = { bt601: 'bt601-6-625', bt470bg: 'bt601-6-625', smpte170m: 'bt601-6-525' }[matrix];
  return [`colorspace=all=bt709${from ? `:iall=${from}` : ''}:fast=1:format=yuv420p`];
}

/**
 * The encoder of a drawn part: raw RGBA frames on its stdin, H.264 in MPEG-TS out (no sound). A frame
 * `repeated` (the part's frame i shows the same as frame i − 1) is not sent: each frame sent gets the time it is
 * first shown (`setpts`), is converted to YUV once, and the `fps` filter repeats it until the next one (a
 * settled card: about 40 frames sent once, where converting each took 3–4 ms).
 */
export function startPartEncoder(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  encoder?: TRenderTemplateOptions['encoder'];
  outFile: string;
  repeated: boolean[];
}) {
  const { width, height, fps } = opts.timeline;
  // Runs of repeats: the sent frame `after` is shown `extra` more times, so the frames sent after it come later.
  const repeats: { after: number; extra: number }[] = [];
  let sent = 0;
  for (const repeat of opts.repeated) {
    if (!repeat) sent++;
    else if (repeats.at(-1)?.after === sent - 1) repeats.at(-1)!.extra++;
    else repeats.push({ after: sent - 1, extra: 1 });
  }
  const shift = repeats.map((r) => `+if(gte(N\\,${r.after + 1})\\,${r.extra}\\,0)`).join('');
  const filters = [
    ...(repeats.length > 0 ? [`setpts=(N${shift})/(${fps}*TB)`] : []),
    // RGB → YUV with the BT.709 matrix (swscale's default is BT.601), limited range, as tagged.
    'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
    // a repeat at the very end has no next frame to stop at: the last one is held
    ...(repeats.length > 0 ? [`fps=${fps}`, 'tpad=stop_mode=clone:stop=-1'] : []),
  ];
  return startFfmpeg(opts.tools, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(fps)],
    ...['-i', 'pipe:0'],
    ...['-vf', filters.join(',')],
    ...(repeats.length > 0 ? ['-frames:v', String(opts.repeated.length)] : []),
    ...videoEncoderArgs(opts.encoder),
    ...['-an', '-f', 'mpegts', opts.outFile],
  ]);
}

/** The final file: the parts joined as they are (same x264 settings) with the sound, fast start. */
export async function muxTemplate(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  list: string;
  audioFile: string;
  outFile: string;
  signal: AbortSignal;
}): Promise<void> {
  await runFfmpegOrFail(opts, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'concat', '-safe', '0', '-i', opts.list, '-i', opts.audioFile],
    ...['-map', '0:v', '-map', '1:a', '-c', 'copy', '-t', (opts.timeline.durationMs / 1000).toFixed(3)],
    ...['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', opts.outFile],
  ]);
}

import type { TTemplateData, TTemplateFont, TTemplateSection } from './video-template.ts';
import {
  easeInOut,
  sceneAt,
  templateFrameCount,
  type TTemplateTimeline,
  type TTimelineScene,
} from './video-template-timeline.ts';

// ARCHITECTURE "Animated videos": the one drawing function. The editor's preview calls it on a <canvas> for
// every animation frame; the server's renderer calls it on @napi-rs/canvas (skia) for every output frame.
// So the layout, fonts, colours and animations here ARE the video. Keep it free of anything but Canvas 2D.

/**
 * The font files every template font is drawn with, as package paths (resolve them from node_modules on the
 * server, import them with `?url` in the browser). Both sides register them under `family`, which is what
 * `ctx.font` names: the same files, so the same glyphs. Helvetica, Times New Roman and Verdana are not free
 * fonts: Arimo and Tinos are their metric-compatible open counterparts; DejaVu Sans descends from Bitstream
 * Vera, Verdana's close relative.
 */
export const TEMPLATE_FONT_FILES: Record<TTemplateFont, { family: string; regular: string; bold: string }> = {
  'Open Sans': fontsource('open-sans', 'Open Sans'),
  Verdana: fontsource('dejavu-sans', 'DejaVu Sans'),
  Roboto: fontsource('roboto', 'Roboto'),
  Helvetica: fontsource('arimo', 'Arimo'),
  Montserrat: fontsource('montserrat', 'Montserrat'),
  Nunito: fontsource('nunito', 'Nunito'),
  Merriweather: fontsource('merriweather', 'Merriweather'),
  'Times New Roman': fontsource('tinos', 'Tinos'),
  'Playfair Display': fontsource('playfair-display', 'Playfair Display'),
};

function fontsource(pkg: string, family: string) {
  const file = (weight: number) => `@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`;
  return { family, regular: file(400), bold: file(700) };
}

/**
 * The part of CanvasRenderingContext2D the drawing uses; the browser's context and @napi-rs/canvas's
 * SKRSContext2D both fit it. `TImage` is whatever that context draws (a <video>, a canvas, an image).
 */
export type TTemplateCanvas<TImage = unknown> = {
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
  globalAlpha: number;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(image: TImage, dx: number, dy: number, dw: number, dh: number): void;
};

export type TDrawTemplateFrameInput<TImage> = {
  timeline: TTemplateTimeline;
  data: TTemplateData;
  /** Milliseconds from the start of the template. */
  tMs: number;
  /** The canvas size; the timeline's size is the design size and everything scales to this. */
  width: number;
  height: number;
  /** The clip of a video section at the frame being drawn (already seeked/decoded to it), or null. */
  clip: (sectionId: string) => TImage | null;
  logo: TImage | null;
};

/** Timings of the animations inside a scene (ms), so the editor can show them and tests can aim at them. */
export const TEMPLATE_ANIMATION_MS = {
  /** Card content rises and fades in over this, starting at the scene's start. */
  cardIn: 700,
  /** The second line of a card (text under a heading) starts this much later. */
  cardStagger: 250,
  /** A video's title/subtitle overlay slides in at `overlayDelay`, stays `overlayHold`, slides out. */
  overlayDelay: 300,
  overlayIn: 450,
  overlayHold: 4000,
};

/** How far a video's title overlay is in (0 hidden, 1 fully in) at `localMs` into its scene. */
function overlayShown(localMs: number): number {
  const A = TEMPLATE_ANIMATION_MS;
  const inP = easeInOut((localMs - A.overlayDelay) / A.overlayIn);
  const outStart = A.overlayDelay + A.overlayIn + A.overlayHold;
  const outP = easeInOut((localMs - outStart) / A.overlayIn);
  return Math.min(inP, 1 - outP);
}

/** A card's content has finished coming in after this long (the latest line's delay plus its animation). */
const CARD_SETTLED_MS = 2 * TEMPLATE_ANIMATION_MS.cardStagger + TEMPLATE_ANIMATION_MS.cardIn;

/**
 * What the frame at `tMs` is made of, so a renderer can skip work without drawing anything different:
 * - `{ kind: 'clip', sectionId, overlay }`: only that video's clip on the background (no crossfade), with its
 *   title overlay over it when `overlay` > 0 (how far it is in, 1 while it holds still; drawTemplateOverlay
 *   draws just the overlay, the same for the same value);
 * - `{ kind: 'still', key }`: a card that has finished animating: every frame with the same key is identical;
 * - null: anything else (draw it).
 */
export function templateFrameContent(
  timeline: TTemplateTimeline,
  data: TTemplateData,
  tMs: number,
): { kind: 'clip'; sectionId: string; overlay: number } | { kind: 'still'; key: string } | null {
  const at = sceneAt(timeline, tMs);
  if (!at || at.outgoing) return null;
  const section = data.sections[at.scene.sectionIndex];
  if (!section) return null;
  if (section.type === 'video') {
    const overlay = section.title || section.subtitle ? Math.max(0, overlayShown(at.localMs)) : 0;
    return { kind: 'clip', sectionId: section.id, overlay };
  }
  return at.localMs >= CARD_SETTLED_MS
    ? { kind: 'still', key: `${at.scene.sectionIndex}:${section.id}` }
    : null;
}

/**
 * A stretch of the rendered video's frames [startFrame, endFrame), for a renderer that encodes a template in
 * parts (decision 019):
 * - `clip`: every frame is `sectionId`'s clip alone (templateFrameContent says so), so ffmpeg can take the
 *   clip's own frames from `clipFrame` on without anything being drawn;
 * - `drawn`: anything else, drawn frame by frame with drawTemplateFrame.
 */
export type TTemplateRenderSegment =
  | {
      kind: 'clip';
      sectionId: string;
      startFrame: number;
      endFrame: number;
      clipFrame: number;
      /** The frames of the segment with the title overlay over the clip (one range), or null. */
      overlay: { startFrame: number; endFrame: number } | null;
    }
  | { kind: 'drawn'; startFrame: number; endFrame: number };

/**
 * Cuts the video's frames into `clip` and `drawn` segments. `clipFills(sectionId, clipFrame)` says whether the
 * clip's decoded frame covers the whole picture there (its shape is the output's, and the file still has a
 * frame at that point): a clip that is letterboxed, or a scene longer than its file, is drawn instead. A clip
 * run shorter than `minClipFrames` is drawn too: a part of its own costs a keyframe and an ffmpeg start.
 */
export function templateRenderSegments(
  timeline: TTemplateTimeline,
  data: TTemplateData,
  opts: { clipFills: (sectionId: string, clipFrame: number) => boolean; minClipFrames: number },
): TTemplateRenderSegment[] {
  const frames = templateFrameCount(timeline);
  const runs: TTemplateRenderSegment[] = [];
  for (let i = 0; i < frames; i++) {
    const tMs = (i * 1000) / timeline.fps;
    const content = templateFrameContent(timeline, data, tMs);
    const scene =
      content?.kind === 'clip' ? timeline.scenes.find((s) => s.sectionId === content.sectionId) : undefined;
    const clipFrame = scene ? Math.floor(((tMs - scene.startMs) * timeline.fps) / 1000 + 1e-6) : -1;
    const last = runs.at(-1);
    if (content?.kind === 'clip' && scene && opts.clipFills(content.sectionId, clipFrame)) {
      const overlay = content.overlay > 0 ? { startFrame: i, endFrame: i + 1 } : null;
      const joins =
        last?.kind === 'clip' &&
        last.sectionId === content.sectionId &&
        last.endFrame === i &&
        // one overlay range per segment: an overlay after a gap starts a new segment
        (!overlay || !last.overlay || last.overlay.endFrame === i);
      if (joins) {
        last.endFrame++;
        if (overlay && last.overlay) last.overlay.endFrame++;
        else if (overlay) last.overlay = overlay;
      } else {
        runs.push({
          kind: 'clip',
          sectionId: content.sectionId,
          startFrame: i,
          endFrame: i + 1,
          clipFrame,
          overlay,
        });
      }
    } else if (last?.kind === 'drawn') last.endFrame++;
    else runs.push({ kind: 'drawn', startFrame: i, endFrame: i + 1 });
  }
  // Short clip runs are drawn; neighbouring drawn runs are joined.
  const segments: TTemplateRenderSegment[] = [];
  for (const run of runs) {
    const seg: TTemplateRenderSegment =
      run.kind === 'clip' && run.endFrame - run.startFrame < opts.minClipFrames
        ? { kind: 'drawn', startFrame: run.startFrame, endFrame: run.endFrame }
        : run;
    const last = segments.at(-1);
    if (seg.kind === 'drawn' && last?.kind === 'drawn') last.endFrame = seg.endFrame;
    else segments.push(seg);
  }
  return segments;
}

/** Draws the frame at `tMs`. Paints every pixel opaque (the backgroundColor first). */
export function drawTemplateFrame<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: TDrawTemplateFrameInput<TImage>,
): void {
  const { timeline, data, width, height } = input;
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.fillStyle = data.backgroundColor || '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const at = sceneAt(timeline, input.tMs);
  if (at) {
    // Everything is laid out on the timeline's design size (1280x720 or 720x1280) and scaled to the canvas.
    const sx = width / timeline.width;
    const sy = height / timeline.height;
    ctx.scale(sx, sy);
    if (at.outgoing) drawScene(ctx, input, at.outgoing.scene, at.outgoing.localMs, 1);
    drawScene(ctx, input, at.scene, at.localMs, at.mix);
  }
  ctx.restore();
}

type TLayout = { w: number; h: number; unit: number; portrait: boolean };

function drawScene<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: TDrawTemplateFrameInput<TImage>,
  scene: TTimelineScene,
  localMs: number,
  alpha: number,
) {
  const section = input.data.sections[scene.sectionIndex];
  if (!section || alpha <= 0) return;
  const layout = layoutOf(input.timeline);
  const { w, h } = layout;
  ctx.save();
  ctx.globalAlpha = alpha;
  // Each scene is opaque on its own, so a crossfade blends two complete pictures.
  ctx.fillStyle = input.data.backgroundColor || '#ffffff';
  ctx.fillRect(0, 0, w, h);
  switch (section.type) {
    case 'video':
      drawVideo(ctx, input, section, layout, localMs, alpha);
      break;
    case 'entrance':
      drawCard(ctx, input, layout, localMs, alpha, { logo: true, heading: null, text: section.text });
      break;
    case 'transition':
      drawCard(ctx, input, layout, localMs, alpha, {
        logo: false,
        heading: section.heading,
        text: section.text,
      });
      break;
    case 'ending':
      drawCard(ctx, input, layout, localMs, alpha, {
        logo: true,
        heading: null,
        text: section.text,
        strong: true,
      });
      break;
  }
  ctx.restore();
}

/** Width and height of anything drawable: a <video> (videoWidth), an <img> (naturalWidth), a canvas/bitmap. */
export function imageSize(image: unknown): { width: number; height: number } | null {
  if (!image || typeof image !== 'object') return null;
  const o = image as Record<string, unknown>;
  for (const [wk, hk] of [
    ['videoWidth', 'videoHeight'],
    ['naturalWidth', 'naturalHeight'],
    ['displayWidth', 'displayHeight'],
    ['width', 'height'],
  ] as const) {
    const iw = o[wk];
    const ih = o[hk];
    if (typeof iw === 'number' && typeof ih === 'number' && iw > 0 && ih > 0)
      return { width: iw, height: ih };
  }
  return null;
}

/** The largest rectangle of the image's shape inside the box, centred (letterboxing). */
export function fitRect(
  image: { width: number; height: number },
  box: { x: number; y: number; w: number; h: number },
) {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

const fontOf = (data: TTemplateData, px: number, bold: boolean) =>
  `${bold ? 'bold ' : ''}${Math.round(px)}px "${(TEMPLATE_FONT_FILES[data.fontFamily] ?? TEMPLATE_FONT_FILES['Open Sans']).family}"`;

/** Splits text into lines no wider than maxWidth (words kept whole unless a word alone is too wide). */
export function wrapText(
  ctx: Pick<TTemplateCanvas, 'measureText'>,
  text: string,
  maxWidth: number,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (ctx.measureText(candidate).width <= maxWidth || !line) {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
      // A single word wider than the line is cut by characters.
      while (ctx.measureText(line).width > maxWidth && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && ctx.measureText(line.slice(0, cut)).width > maxWidth) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Draws wrapped lines centred on (cx, top), shrinking the font until they fit maxLines. Returns the bottom. */
function drawLines<TImage>(
  ctx: TTemplateCanvas<TImage>,
  data: TTemplateData,
  text: string,
  o: {
    cx: number;
    top: number;
    maxWidth: number;
    px: number;
    bold: boolean;
    maxLines: number;
    align?: string;
  },
): number {
  let px = o.px;
  let lines: string[];
  for (;;) {
    ctx.font = fontOf(data, px, o.bold);
    lines = wrapText(ctx, text, o.maxWidth);
    if (lines.length <= o.maxLines || px <= o.px * 0.55) break;
    px *= 0.9;
  }
  const lineHeight = px * 1.25;
  ctx.textAlign = o.align ?? 'center';
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, o.cx, o.top + i * lineHeight));
  return o.top + lines.length * lineHeight;
}

function drawVideo<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: TDrawTemplateFrameInput<TImage>,
  section: Extract<TTemplateSection, { type: 'video' }>,
  layout: TLayout,
  localMs: number,
  alpha: number,
) {
  const { w, h } = layout;
  const clip = input.clip(section.id);
  const size = clip ? imageSize(clip) : null;
  if (clip && size) {
    const r = fitRect(size, { x: 0, y: 0, w, h });
    ctx.drawImage(clip, r.x, r.y, r.w, r.h);
  }
  drawVideoOverlay(ctx, input, section, layout, localMs, alpha);
}

type TOverlayBox = {
  titleLines: string[];
  subLines: string[];
  pad: number;
  titlePx: number;
  subPx: number;
  x0: number;
  y0: number;
  boxW: number;
  boxH: number;
};

/** Where a video's title overlay sits (design units) and its wrapped lines; null without a title or subtitle. */
function overlayBox<TImage>(
  ctx: TTemplateCanvas<TImage>,
  data: TTemplateData,
  section: Extract<TTemplateSection, { type: 'video' }>,
  layout: TLayout,
): TOverlayBox | null {
  if (!section.title && !section.subtitle) return null;
  const { w, h, unit } = layout;
  const pad = 24 * unit;
  const maxWidth = (layout.portrait ? w - 2 * pad : w * 0.6) - 2 * pad;
  const titlePx = 34 * unit;
  const subPx = 22 * unit;
  ctx.font = fontOf(data, titlePx, true);
  const titleLines = section.title ? wrapText(ctx, section.title, maxWidth).slice(0, 3) : [];
  ctx.font = fontOf(data, subPx, false);
  const subLines = section.subtitle ? wrapText(ctx, section.subtitle, maxWidth).slice(0, 2) : [];
  let widest = 0;
  ctx.font = fontOf(data, titlePx, true);
  for (const l of titleLines) widest = Math.max(widest, ctx.measureText(l).width);
  ctx.font = fontOf(data, subPx, false);
  for (const l of subLines) widest = Math.max(widest, ctx.measureText(l).width);
  const boxW = widest + 2 * pad;
  const boxH = titleLines.length * titlePx * 1.25 + subLines.length * subPx * 1.3 + 2 * pad;
  const x0 = pad;
  const y0 = h - boxH - (layout.portrait ? 160 : 56) * unit;
  return { titleLines, subLines, pad, titlePx, subPx, x0, y0, boxW, boxH };
}

/** The lower third: a band in the background colour, sliding in from the left and back out. */
function drawVideoOverlay<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: Pick<TDrawTemplateFrameInput<TImage>, 'data'>,
  section: Extract<TTemplateSection, { type: 'video' }>,
  layout: TLayout,
  localMs: number,
  alpha: number,
) {
  const shown = overlayShown(localMs);
  if (shown <= 0) return;
  const box = overlayBox(ctx, input.data, section, layout);
  if (!box) return;
  const { titleLines, subLines, pad, titlePx, subPx, x0, y0, boxW, boxH } = box;
  ctx.save();
  ctx.translate(-(boxW + 2 * pad) * (1 - shown), 0);
  ctx.fillStyle = input.data.backgroundColor || '#ffffff';
  ctx.globalAlpha = alpha * Math.min(1, shown * 1.5) * 0.88;
  ctx.fillRect(x0, y0, boxW, boxH);
  ctx.globalAlpha = alpha * Math.min(1, shown * 1.5);
  ctx.fillStyle = input.data.textColor || '#000000';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  let y = y0 + pad;
  ctx.font = fontOf(input.data, titlePx, true);
  for (const line of titleLines) {
    ctx.fillText(line, x0 + pad, y);
    y += titlePx * 1.25;
  }
  ctx.font = fontOf(input.data, subPx, false);
  for (const line of subLines) {
    ctx.fillText(line, x0 + pad, y);
    y += subPx * 1.3;
  }
  ctx.restore();
}

function layoutOf(timeline: Pick<TTemplateTimeline, 'width' | 'height'>): TLayout {
  const { width: w, height: h } = timeline;
  return { w, h, unit: Math.min(w, h) / 720, portrait: h > w };
}

/**
 * The rows of the canvas (`top`, `height`, both even) that a video section's title overlay can cover, for a
 * renderer that lays the overlay over the clip itself; null when the section has no title or subtitle.
 */
export function templateOverlayBand<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: { timeline: TTemplateTimeline; data: TTemplateData; height: number; sectionId: string },
): { top: number; height: number } | null {
  const section = input.data.sections.find((s) => s.id === input.sectionId);
  if (section?.type !== 'video') return null;
  const box = overlayBox(ctx, input.data, section, layoutOf(input.timeline));
  if (!box) return null;
  const sy = input.height / input.timeline.height;
  const top = Math.max(0, Math.floor((box.y0 * sy) / 2) * 2 - 2);
  const bottom = Math.min(input.height, Math.ceil(((box.y0 + box.boxH) * sy) / 2) * 2 + 2);
  return { top, height: bottom - top };
}

/**
 * Draws only the title overlay of the video on screen at `tMs` (nothing else, on whatever the canvas holds),
 * exactly as drawTemplateFrame draws it over the clip, shifted up by `top` canvas rows: a renderer that lays
 * the overlay over the clip itself draws the band of templateOverlayBand on a transparent canvas.
 */
export function drawTemplateOverlay<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: Omit<TDrawTemplateFrameInput<TImage>, 'clip' | 'logo'> & { top: number },
): void {
  const at = sceneAt(input.timeline, input.tMs);
  const section = at ? input.data.sections[at.scene.sectionIndex] : undefined;
  if (!at || at.outgoing || section?.type !== 'video') return;
  ctx.save();
  ctx.translate(0, -input.top);
  ctx.scale(input.width / input.timeline.width, input.height / input.timeline.height);
  drawVideoOverlay(ctx, input, section, layoutOf(input.timeline), at.localMs, at.mix);
  ctx.restore();
}

function drawCard<TImage>(
  ctx: TTemplateCanvas<TImage>,
  input: TDrawTemplateFrameInput<TImage>,
  layout: TLayout,
  localMs: number,
  alpha: number,
  card: { logo: boolean; heading: string | null; text: string; strong?: boolean },
) {
  const { w, h, unit, portrait } = layout;
  const A = TEMPLATE_ANIMATION_MS;
  const step = (delay: number) => easeInOut((localMs - delay) / A.cardIn);
  const maxWidth = w * (portrait ? 0.84 : 0.72);
  const logoSize = input.logo && card.logo ? imageSize(input.logo) : null;
  const logoBox = { w: w * (portrait ? 0.5 : 0.3), h: h * (portrait ? 0.14 : 0.22) };
  // Measure first so the block (logo, heading, text) is centred as a whole.
  const headingPx = 60 * unit;
  const textPx = (card.strong || !card.heading ? 42 : 30) * unit;
  const gap = 28 * unit;
  let blockH = 0;
  const logoRect = logoSize ? fitRect(logoSize, { x: 0, y: 0, ...logoBox }) : null;
  if (logoRect) blockH += logoRect.h + gap;
  let headingLines: string[] = [];
  if (card.heading) {
    ctx.font = fontOf(input.data, headingPx, true);
    headingLines = wrapText(ctx, card.heading, maxWidth).slice(0, 2);
    blockH += headingLines.length * headingPx * 1.2 + gap * 0.6;
  }
  ctx.font = fontOf(input.data, textPx, !card.heading);
  const textLines = card.text ? Math.min(5, wrapText(ctx, card.text, maxWidth).length) : 0;
  blockH += textLines * textPx * 1.25;
  let y = (h - blockH) / 2;
  const cx = w / 2;

  if (logoRect && input.logo) {
    const p = step(0);
    ctx.save();
    ctx.globalAlpha = alpha * p;
    const s = 0.85 + 0.15 * p;
    const lw = logoRect.w * s;
    const lh = logoRect.h * s;
    ctx.drawImage(input.logo, cx - lw / 2, y + (logoRect.h - lh) / 2, lw, lh);
    ctx.restore();
    y += logoRect.h + gap;
  }
  ctx.fillStyle = input.data.textColor || '#000000';
  if (headingLines.length) {
    const p = step(logoRect ? A.cardStagger : 0);
    ctx.save();
    ctx.globalAlpha = alpha * p;
    ctx.translate(0, (1 - p) * 40 * unit);
    ctx.font = fontOf(input.data, headingPx, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    headingLines.forEach((line, i) => ctx.fillText(line, cx, y + i * headingPx * 1.2));
    ctx.restore();
    y += headingLines.length * headingPx * 1.2 + gap * 0.6;
  }
  if (card.text) {
    const delay = (logoRect ? A.cardStagger : 0) + (headingLines.length ? A.cardStagger : 0);
    const p = step(delay);
    ctx.save();
    ctx.globalAlpha = alpha * p;
    ctx.translate(0, (1 - p) * 40 * unit);
    drawLines(ctx, input.data, card.text, {
      cx,
      top: y,
      maxWidth,
      px: textPx,
      bold: !card.heading,
      maxLines: 5,
    });
    ctx.restore();
  }
}

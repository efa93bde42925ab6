import { describe, expect, it } from 'vitest';
import { TEMPLATE_FONTS, type TTemplateData } from '../src/video-template.ts';
import {
  drawTemplateFrame,
  fitRect,
  imageSize,
  TEMPLATE_FONT_FILES,
  drawTemplateOverlay,
  templateFrameContent,
  templateOverlayBand,
  templateRenderSegments,
  wrapText,
  type TTemplateCanvas,
} from '../src/video-template-draw.ts';
import { buildTemplateTimeline, templateFrameCount } from '../src/video-template-timeline.ts';

// The browser's context must fit the drawing's canvas type (checked by tsc, which runs on tests too).
const browserFits = (ctx: CanvasRenderingContext2D, video: HTMLVideoElement) =>
  drawTemplateFrame(ctx, {
    timeline: buildTemplateTimeline('landscape', { sections: [] }),
    data: {} as TTemplateData,
    tMs: 0,
    width: 1,
    height: 1,
    clip: () => video,
    logo: null,
  });

type TCall = { op: string; args: unknown[]; alpha: number; fill: unknown; font: string };

/** A context that records what is drawn: 10 px per character, so text layout is predictable. */
function recorder() {
  const calls: TCall[] = [];
  const state = {
    fillStyle: '' as unknown,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
  };
  const stack: (typeof state)[] = [];
  const ctx: TTemplateCanvas<{ width: number; height: number; name: string }> = Object.assign(state, {
    save: () => void stack.push({ ...state }),
    restore: () => void Object.assign(state, stack.pop()),
    translate: () => undefined,
    scale: (...args: unknown[]) => void calls.push(record('scale', args)),
    fillRect: (...args: unknown[]) => void calls.push(record('fillRect', args)),
    fillText: (...args: unknown[]) => void calls.push(record('fillText', args)),
    measureText: (text: string) => ({ width: text.length * 10 }),
    drawImage: (...args: unknown[]) => void calls.push(record('drawImage', args)),
  });
  const record = (op: string, args: unknown[]): TCall => ({
    op,
    args,
    alpha: state.globalAlpha,
    fill: state.fillStyle,
    font: state.font,
  });
  return { ctx, calls };
}

const data: TTemplateData = {
  type: 'landscape',
  title: 'T',
  cover: null,
  logo: null,
  backgroundColor: '#102030',
  textColor: '#ffeedd',
  fontFamily: 'Times New Roman',
  soundtrack: null,
  volume: 0.1,
  sections: [
    { type: 'entrance', id: 'e', text: 'Hello there' },
    {
      type: 'video',
      id: 'v',
      video: { assetId: null, url: 'u', transcoded: true, duration: 10_000 },
      title: 'Jana',
      subtitle: 'Engineer',
      applySoundtrack: true,
    },
    { type: 'ending', id: 'x', text: 'Apply now' },
  ],
};
const timeline = buildTemplateTimeline('landscape', data);
const clip = { width: 640, height: 480, name: 'clip' };
const logo = { width: 200, height: 100, name: 'logo' };
const draw = (tMs: number, width = 1280, height = 720) => {
  const r = recorder();
  drawTemplateFrame(r.ctx, {
    timeline,
    data,
    tMs,
    width,
    height,
    clip: (id) => (id === 'v' ? clip : null),
    logo,
  });
  return r.calls;
};

describe('drawTemplateFrame', () => {
  it('paints the whole canvas opaque in the background colour first', () => {
    const [first] = draw(0, 640, 360);
    expect(first).toMatchObject({ op: 'fillRect', args: [0, 0, 640, 360], alpha: 1, fill: '#102030' });
  });

  it('scales the design size to the canvas', () => {
    expect(draw(0, 640, 360).find((c) => c.op === 'scale')?.args).toEqual([0.5, 0.5]);
  });

  it('draws the entrance card: the logo, then the text in the template font and colour once it has come in', () => {
    const calls = draw(2000);
    expect(calls.find((c) => c.op === 'drawImage')?.args[0]).toBe(logo);
    const text = calls.find((c) => c.op === 'fillText');
    expect(text?.args[0]).toBe('Hello there');
    expect(text?.fill).toBe('#ffeedd');
    expect(text?.font).toContain('"Tinos"');
    expect(text?.alpha).toBe(1);
  });

  it('fades the card text in from the scene start', () => {
    const early = draw(100).find((c) => c.op === 'fillText');
    expect(early?.alpha ?? 0).toBeLessThan(0.2);
  });

  it('letterboxes the clip on the background and overlays the title once it has slid in', () => {
    const calls = draw(timeline.scenes[1]!.startMs + 2000);
    const image = calls.find((c) => c.op === 'drawImage');
    // 640x480 in 1280x720: 960x720, centred
    expect(image?.args).toEqual([clip, 160, 0, 960, 720]);
    expect(calls.filter((c) => c.op === 'fillText').map((c) => c.args[0])).toEqual(['Jana', 'Engineer']);
  });

  it('hides the title overlay after it has been shown', () => {
    const calls = draw(timeline.scenes[1]!.startMs + 8000);
    expect(calls.filter((c) => c.op === 'fillText')).toEqual([]);
  });

  it('in a crossfade draws the outgoing scene, then the incoming one over it, half transparent midway', () => {
    const v = timeline.scenes[1]!;
    const calls = draw(v.startMs + v.fadeInMs / 2);
    const texts = calls.filter((c) => c.op === 'fillText');
    expect(texts[0]?.args[0]).toBe('Hello there');
    const clipDraw = calls.find((c) => c.op === 'drawImage' && c.args[0] === clip);
    expect(clipDraw?.alpha).toBeCloseTo(0.5);
    expect(calls.indexOf(clipDraw!)).toBeGreaterThan(calls.indexOf(texts[0]!));
  });

  it('draws nothing but the background for an empty template', () => {
    const r = recorder();
    drawTemplateFrame(r.ctx, {
      timeline: buildTemplateTimeline('portrait', { sections: [] }),
      data: { ...data, sections: [] },
      tMs: 0,
      width: 720,
      height: 1280,
      clip: () => null,
      logo: null,
    });
    expect(r.calls.map((c) => c.op)).toEqual(['fillRect']);
  });
});

const plain: TTemplateData = {
  ...data,
  sections: data.sections.map((s) => (s.type === 'video' ? { ...s, title: '', subtitle: '' } : s)),
};

describe('templateFrameContent (what a renderer may skip drawing)', () => {
  const [entrance, v, ending] = timeline.scenes as [
    (typeof timeline.scenes)[0],
    (typeof timeline.scenes)[0],
    (typeof timeline.scenes)[0],
  ];

  it('is a still card once the card has finished coming in, the same key for every such frame', () => {
    expect(templateFrameContent(timeline, data, 500)).toBeNull();
    expect(templateFrameContent(timeline, data, 1300)).toEqual({ kind: 'still', key: '0:e' });
    expect(templateFrameContent(timeline, data, 2400)).toEqual({ kind: 'still', key: '0:e' });
    expect(templateFrameContent(timeline, data, ending.startMs + ending.fadeInMs + 1500)).toEqual({
      kind: 'still',
      key: '2:x',
    });
  });

  it('is the clip outside the crossfades, with how far its title overlay is in', () => {
    expect(templateFrameContent(timeline, data, entrance.endMs - 100)).toBeNull(); // crossfade
    expect(templateFrameContent(timeline, data, v.startMs + 2000)).toEqual({
      kind: 'clip',
      sectionId: 'v',
      overlay: 1, // holding still
    });
    const sliding = templateFrameContent(timeline, data, v.startMs + 500);
    expect(sliding).toMatchObject({ kind: 'clip', sectionId: 'v' });
    expect(sliding?.kind === 'clip' && sliding.overlay).toBeGreaterThan(0);
    expect(sliding?.kind === 'clip' && sliding.overlay).toBeLessThan(1);
    expect(templateFrameContent(timeline, data, v.startMs + 7000)).toEqual({
      kind: 'clip',
      sectionId: 'v',
      overlay: 0,
    });
    expect(templateFrameContent(timeline, plain, v.startMs + 2000)).toEqual({
      kind: 'clip',
      sectionId: 'v',
      overlay: 0,
    });
  });

  it('says a still card draws exactly as the frame before it', () => {
    const a = draw(1300);
    const b = draw(2400);
    expect(b).toEqual(a);
  });

  it('says a clip-only frame draws only the background and the clip', () => {
    expect(draw(v.startMs + 7000).map((c) => c.op)).toEqual(['fillRect', 'scale', 'fillRect', 'drawImage']);
  });
});

describe('templateRenderSegments (which frames ffmpeg takes from the clip, which are drawn)', () => {
  const fills = () => true;
  const [entrance, v, ending] = timeline.scenes as [
    (typeof timeline.scenes)[0],
    (typeof timeline.scenes)[0],
    (typeof timeline.scenes)[0],
  ];
  const frame = (ms: number) => Math.round((ms * 30) / 1000);

  it('covers every frame once, in order: the cards and crossfades drawn, the clip (with its overlay) taken', () => {
    const segments = templateRenderSegments(timeline, data, { clipFills: fills, minClipFrames: 30 });
    expect(segments.map((s) => s.kind)).toEqual(['drawn', 'clip', 'drawn']);
    expect(segments[0]!.startFrame).toBe(0);
    segments.slice(1).forEach((s, i) => expect(s.startFrame).toBe(segments[i]!.endFrame));
    expect(segments.at(-1)!.endFrame).toBe(templateFrameCount(timeline));
    const clipPart = segments[1]!;
    if (clipPart.kind !== 'clip') throw new Error('expected a clip part');
    // from the end of the entrance's crossfade to the start of the ending's
    expect(clipPart.startFrame).toBe(frame(entrance.endMs));
    expect(clipPart.endFrame).toBe(frame(ending.startMs));
    expect(clipPart.clipFrame).toBe(clipPart.startFrame - frame(v.startMs));
    // the overlay is already sliding in when the crossfade ends, and slides out 5.2 s into the scene
    expect(clipPart.overlay?.startFrame).toBe(clipPart.startFrame);
    expect(clipPart.overlay?.endFrame).toBeGreaterThan(frame(v.startMs + 5000));
    expect(clipPart.overlay?.endFrame).toBeLessThan(frame(v.startMs + 5300));
  });

  it('draws a clip that does not fill the frame, or a run too short for a part of its own', () => {
    const letterboxed = templateRenderSegments(timeline, data, { clipFills: () => false, minClipFrames: 30 });
    expect(letterboxed).toEqual([{ kind: 'drawn', startFrame: 0, endFrame: templateFrameCount(timeline) }]);
    const short = templateRenderSegments(timeline, data, { clipFills: fills, minClipFrames: 10_000 });
    expect(short.map((s) => s.kind)).toEqual(['drawn']);
  });

  it('draws the frames past the end of the file (its last frame holds), a clip part ends there', () => {
    const lastFileFrame = 200;
    const segments = templateRenderSegments(timeline, plain, {
      clipFills: (_id, clipFrame) => clipFrame < lastFileFrame,
      minClipFrames: 30,
    });
    const clipPart = segments.find((s) => s.kind === 'clip')!;
    expect(clipPart.endFrame - frame(v.startMs)).toBe(lastFileFrame);
    expect(clipPart.kind === 'clip' && clipPart.overlay).toBeNull();
  });
});

describe('the title overlay alone (drawTemplateOverlay, templateOverlayBand)', () => {
  const v = timeline.scenes[1]!;

  it('draws exactly the overlay calls of the whole frame, shifted up by the band top', () => {
    const tMs = v.startMs + 2000;
    const whole = draw(tMs).filter((c) => c.op === 'fillText');
    const r = recorder();
    const band = templateOverlayBand(r.ctx, { timeline, data, height: 720, sectionId: 'v' });
    expect(band).not.toBeNull();
    expect(band!.top % 2).toBe(0);
    expect(band!.height % 2).toBe(0);
    // the band holds the overlay's box: 2 lines of text at 34 and 22 px with padding, 56 px above the bottom
    expect(band!.top + band!.height).toBeLessThanOrEqual(720);
    expect(band!.top + band!.height).toBeGreaterThanOrEqual(720 - 56);
    expect(band!.height).toBeGreaterThan(34 * 1.25 + 22 * 1.3 + 48);
    const calls: TCall[] = [];
    const o = recorder();
    drawTemplateOverlay(o.ctx, { timeline, data, tMs, width: 1280, height: 720, top: band!.top });
    calls.push(...o.calls);
    expect(calls.filter((c) => c.op === 'fillText')).toEqual(whole);
    expect(calls.some((c) => c.op === 'drawImage')).toBe(false);
    // no background: only the band's own rectangle is filled
    expect(calls.filter((c) => c.op === 'fillRect')).toHaveLength(1);
  });

  it('draws nothing on a card, in a crossfade or for a video without a title', () => {
    for (const [d, tMs] of [
      [data, 1000],
      [data, v.startMs + 100],
      [plain, v.startMs + 2000],
    ] as const) {
      const o = recorder();
      drawTemplateOverlay(o.ctx, { timeline, data: d, tMs, width: 1280, height: 720, top: 0 });
      expect(o.calls.filter((c) => c.op !== 'scale')).toEqual([]);
    }
    expect(
      templateOverlayBand(recorder().ctx, { timeline, data: plain, height: 720, sectionId: 'v' }),
    ).toBeNull();
  });
});

describe('drawing helpers', () => {
  it('imageSize reads videos, images and canvases', () => {
    expect(imageSize({ videoWidth: 1920, videoHeight: 1080, width: 0, height: 0 })).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(imageSize({ naturalWidth: 10, naturalHeight: 20, width: 5, height: 5 })).toEqual({
      width: 10,
      height: 20,
    });
    expect(imageSize({ width: 3, height: 4 })).toEqual({ width: 3, height: 4 });
    expect(imageSize({ videoWidth: 0, videoHeight: 0 })).toBeNull();
    expect(imageSize(null)).toBeNull();
  });

  it('fitRect keeps the shape and centres', () => {
    expect(fitRect({ width: 720, height: 1280 }, { x: 0, y: 0, w: 1280, h: 720 })).toEqual({
      x: 437.5,
      y: 0,
      w: 405,
      h: 720,
    });
  });

  it('wrapText breaks between words and cuts a word wider than the line', () => {
    const ctx = { measureText: (t: string) => ({ width: t.length * 10 }) };
    expect(wrapText(ctx, 'one two three four', 90)).toEqual(['one two', 'three', 'four']);
    expect(wrapText(ctx, 'abcdefghijkl', 50)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapText(ctx, 'a\nb', 500)).toEqual(['a', 'b']);
  });

  it('has a regular and a bold woff2 file for every template font', () => {
    for (const font of TEMPLATE_FONTS) {
      const files = TEMPLATE_FONT_FILES[font];
      expect(files.regular).toMatch(/^@fontsource\/[a-z-]+\/files\/[a-z-]+-latin-400-normal\.woff2$/);
      expect(files.bold).toMatch(/-latin-700-normal\.woff2$/);
    }
    expect(TEMPLATE_FONT_FILES.Helvetica.family).toBe('Arimo');
    expect(TEMPLATE_FONT_FILES['Times New Roman'].family).toBe('Tinos');
    expect(TEMPLATE_FONT_FILES.Verdana.family).toBe('DejaVu Sans');
  });
});

void browserFits;

import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { videoTemplates } from '@hirecast/db/schema';
import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';
import type { TContext } from '../../lib/context.ts';
import { DEFAULT_X264_PRESET, runWithTextFallback, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { storeSeededVideo, systemCompanyId, withSeedFolder } from '../assets/index.ts';
import { SAMPLES_COMPANY } from './service.ts';

type TSampleClip = { caption: string; colors: [string, string]; seconds: number; tone?: number };
type TSample = {
  title: string;
  type: 'landscape' | 'portrait';
  style: Pick<TTemplateData, 'backgroundColor' | 'textColor' | 'fontFamily' | 'soundtrack'>;
  entrance: string;
  clips: (TSampleClip & { title: string; subtitle: string })[];
  transitions: { heading: string; text: string }[];
  ending: string;
};

// spec 3 §4 Animated videos tab: samples (`isSample`) that "make one like this" starts from. Hirecast ships them
// as moving colour clips made by ffmpeg at first start (no downloads), like the onboarding videos; the caption
// sits at the top, clear of the title overlay the template draws at the bottom.
export const SAMPLE_TEMPLATES: TSample[] = [
  {
    title: 'Join our engineering team',
    type: 'landscape',
    style: {
      backgroundColor: '#1d2b3a',
      textColor: '#ffffff',
      fontFamily: 'Montserrat',
      soundtrack: 'soundtrack-1',
    },
    entrance: 'We are hiring engineers',
    clips: [
      {
        caption: 'Our team',
        colors: ['0x1e3a8a', '0x0ea5e9'],
        seconds: 4,
        tone: 330,
        title: 'Meet the team',
        subtitle: 'Small teams, big ideas',
      },
      {
        caption: 'Our office',
        colors: ['0x065f46', '0x84cc16'],
        seconds: 4,
        title: 'Where we work',
        subtitle: 'Hybrid, with a real office',
      },
    ],
    transitions: [{ heading: 'Why join us', text: 'Learning budget, flexible hours and a team that ships' }],
    ending: 'Apply today and build with us',
  },
  {
    title: 'A day in our store',
    type: 'landscape',
    style: {
      backgroundColor: '#fff7ed',
      textColor: '#7c2d12',
      fontFamily: 'Nunito',
      soundtrack: 'soundtrack-4',
    },
    entrance: 'Come and work with us',
    clips: [
      {
        caption: 'Morning',
        colors: ['0xf97316', '0xfde68a'],
        seconds: 3,
        tone: 440,
        title: 'The morning rush',
        subtitle: 'Coffee first',
      },
      {
        caption: 'Our customers',
        colors: ['0xdb2777', '0xf9a8d4'],
        seconds: 3,
        title: 'Our customers',
        subtitle: 'Every day is different',
      },
      {
        caption: 'The team',
        colors: ['0x7c3aed', '0xc4b5fd'],
        seconds: 3,
        title: 'The team',
        subtitle: 'We look after each other',
      },
    ],
    transitions: [
      { heading: 'Your day', text: 'Open, serve, smile, repeat' },
      { heading: 'Your people', text: 'A team that has your back' },
    ],
    ending: 'Apply in two minutes',
  },
  {
    title: 'Life at our company',
    type: 'portrait',
    style: {
      backgroundColor: '#0f172a',
      textColor: '#f8fafc',
      fontFamily: 'Playfair Display',
      soundtrack: 'soundtrack-7',
    },
    entrance: 'Life at our company',
    clips: [
      {
        caption: 'Hello',
        colors: ['0x0f766e', '0x5eead4'],
        seconds: 3,
        tone: 392,
        title: 'Say hello',
        subtitle: 'From the team',
      },
      {
        caption: 'Culture',
        colors: ['0xbe123c', '0xfda4af'],
        seconds: 3,
        title: 'Our culture',
        subtitle: 'Kind and curious',
      },
    ],
    transitions: [{ heading: 'Grow with us', text: 'Mentors and a clear path' }],
    ending: 'Tap apply to join us',
  },
];

/** ffmpeg arguments for one sample clip: moving gradients, a caption, a tone or silence; H.264/AAC, fast start. */
export function sampleClipArgs(input: {
  clip: TSampleClip;
  size: { width: number; height: number };
  captionFile: string;
  output: string;
  text: boolean;
  /** The x264 preset (VIDEO_PRESET); veryfast when not given. */
  preset?: string;
}) {
  const { clip, size } = input;
  const [c0, c1] = clip.colors;
  const audio = clip.tone
    ? `sine=frequency=${clip.tone}:sample_rate=48000:duration=${clip.seconds},volume=0.15`
    : `anullsrc=channel_layout=stereo:sample_rate=48000`;
  const caption = `drawtext=font='DejaVu Sans':textfile='${input.captionFile}':fontsize=${Math.round(size.height / 12)}:fontcolor=white:x=(w-text_w)/2:y=h*0.12`;
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${size.width}x${size.height}:c0=${c0}:c1=${c1}:speed=0.03:rate=25:duration=${clip.seconds}`,
    '-f',
    'lavfi',
    '-i',
    audio,
    ...(input.text ? ['-vf', caption] : []),
    '-t',
    String(clip.seconds),
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? DEFAULT_X264_PRESET,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    input.output,
  ];
}

async function makeClip(tools: TVideoTools, dir: string, clip: TSampleClip, type: TSample['type']) {
  const size = type === 'landscape' ? { width: 1280, height: 720 } : { width: 720, height: 1280 };
  const name = randomUUID();
  const captionFile = join(dir, `${name}.txt`);
  await writeFile(captionFile, clip.caption);
  const output = join(dir, `${name}.mp4`);
  await runWithTextFallback(tools.ffmpeg, (text) =>
    sampleClipArgs({ clip, size, captionFile, output, text, preset: tools.preset }),
  );
  return { body: await readFile(output), size };
}

/**
 * Makes the sample templates and their clips when there are none yet, and queues each clip's processing (the
 * usual renditions and thumbnails). Answers how many samples were made (0 when they already exist).
 */
export async function seedSampleTemplates(
  ctx: Pick<TContext, 'db' | 'storage' | 'queue' | 'log'>,
  tools: () => TVideoTools,
): Promise<number> {
  const [existing] = await ctx.db
    .select({ id: videoTemplates.id })
    .from(videoTemplates)
    .where(eq(videoTemplates.isSample, true))
    .limit(1);
  if (existing) return 0;
  const videoTools = tools();
  const companyId = await systemCompanyId(ctx, {
    ...SAMPLES_COMPANY,
    description: 'Sample animated videos that come with Hirecast.',
  });
  await withSeedFolder('samples', async (dir) => {
    for (const sample of SAMPLE_TEMPLATES) {
      const sections: TTemplateSection[] = [{ type: 'entrance', id: 'entrance', text: sample.entrance }];
      for (const [i, clip] of sample.clips.entries()) {
        const { body, size } = await makeClip(videoTools, dir, clip, sample.type);
        const stored = await storeSeededVideo(ctx, {
          companyId,
          body,
          row: {
            title: clip.title,
            fileName: `sample-${i + 1}.mp4`,
            dimension: sample.type,
            width: size.width,
            height: size.height,
            duration: clip.seconds,
            exclude: true,
          },
        });
        if (i > 0) {
          const t = sample.transitions[i - 1]!;
          sections.push({ type: 'transition', id: `transition-${i}`, heading: t.heading, text: t.text });
        }
        sections.push({
          type: 'video',
          id: `video-${i + 1}`,
          video: { assetId: stored.id, url: stored.key, transcoded: false, duration: clip.seconds * 1000 },
          title: clip.title,
          subtitle: clip.subtitle,
          applySoundtrack: true,
        });
      }
      sections.push({ type: 'ending', id: 'ending', text: sample.ending });
      const data: TTemplateData = {
        type: sample.type,
        title: sample.title,
        cover: null,
        logo: null,
        ...sample.style,
        volume: 0.1,
        sections,
      };
      // Renderable, not rendered: the editor's preview plays a sample from its clips, and rendering three
      // templates at every first start (each e2e run, each fresh install) would cost minutes of CPU for a
      // video nobody may watch. A copy is rendered when its company finalizes it.
      await ctx.db.insert(videoTemplates).values({
        companyId,
        type: sample.type,
        title: sample.title,
        data,
        isSample: true,
      });
    }
  });
  return SAMPLE_TEMPLATES.length;
}

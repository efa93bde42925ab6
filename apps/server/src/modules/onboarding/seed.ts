import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { DEFAULT_X264_PRESET, runWithTextFallback, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { storeSeededVideo, systemCompanyId, withSeedFolder } from '../assets/index.ts';

// spec 3 §2 Onboarding videos: sorted by the number their titles start with. Hirecast ships these title cards,
// made by ffmpeg when the server first starts (no downloads, no voice-over): each shows its title, then its
// captions one by one.
export const ONBOARDING_VIDEOS = [
  {
    title: '1. Welcome to Hirecast',
    captions: ['Post jobs with a video', 'Share them anywhere', 'Review video applications'],
  },
  {
    title: '2. Post your first job',
    captions: ['Jobs > New Job', 'Fill in the details, or let AI draft them', 'Publish when you are ready'],
  },
  {
    title: '3. Record a video for your library',
    captions: ['Content > Add > Record a video', 'Three seconds to get ready', 'Use it on any job'],
  },
  {
    title: '4. Review your applicants',
    captions: [
      'Watch each video introduction',
      'Move candidates through the pipeline',
      'Rate, note, and reply',
    ],
  },
] as const;

const SECONDS = 6;

// The videos belong to a company of their own, which has no members: only GET /asset/onboarding shows them.
const ONBOARDING_COMPANY = {
  name: 'Hirecast onboarding',
  slug: 'hirecast-onboarding',
  description: 'Onboarding videos that come with Hirecast.',
};

/** The ffmpeg arguments for one title card: 1280x720, a silent stereo track, fast start. */
export function titleCardArgs(input: {
  titleFile: string;
  captionFiles: string[];
  output: string;
  text: boolean;
  /** The x264 preset (VIDEO_PRESET); veryfast when not given. */
  preset?: string;
}) {
  const text = (file: string, size: number, y: string, from?: number) =>
    [
      `drawtext=font='DejaVu Sans':textfile='${file}':fontsize=${size}:fontcolor=white`,
      `x=(w-text_w)/2:y=${y}`,
      ...(from === undefined ? [] : [`enable='gte(t,${from})'`]),
    ].join(':');
  const filters = [
    text(input.titleFile, 64, 'h*0.28'),
    ...input.captionFiles.map((file, i) => text(file, 40, `h*0.5+${i * 64}`, 1 + i * 1.2)),
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x2E3733:s=1280x720:r=25:d=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=channel_layout=stereo:sample_rate=48000',
    ...(input.text ? ['-vf', filters.join(',')] : []),
    '-shortest',
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? DEFAULT_X264_PRESET,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    input.output,
  ];
}

/** Makes one title card in `dir` (its title without a leading number, then its captions); answers its bytes. */
export async function makeTitleCard(
  tools: TVideoTools,
  dir: string,
  video: { title: string; captions: readonly string[] },
  n: number | string,
) {
  const titleFile = join(dir, `${n}-title.txt`);
  await writeFile(titleFile, video.title.replace(/^\d+\.\s*/, ''));
  const captionFiles = await Promise.all(
    video.captions.map(async (caption, i) => {
      const file = join(dir, `${n}-caption-${i}.txt`);
      await writeFile(file, caption);
      return file;
    }),
  );
  const output = join(dir, `${n}.mp4`);
  await runWithTextFallback(tools.ffmpeg, (text) =>
    titleCardArgs({ titleFile, captionFiles, output, text, preset: tools.preset }),
  );
  return readFile(output);
}

/**
 * Makes and stores the onboarding videos when there are none yet, queueing each for the usual processing
 * (renditions, thumbnails, posters). Answers how many were made (0 when they already exist).
 */
export async function seedOnboardingVideos(
  ctx: Pick<TContext, 'db' | 'storage' | 'queue' | 'log'>,
  tools: () => TVideoTools,
): Promise<number> {
  const [existing] = await ctx.db
    .select({ id: videoAssets.id })
    .from(videoAssets)
    .where(eq(videoAssets.onboarding, true))
    .limit(1);
  if (existing) return 0;
  const videoTools = tools();
  const companyId = await systemCompanyId(ctx, ONBOARDING_COMPANY);
  await withSeedFolder('onboarding', async (dir) => {
    for (const [n, video] of ONBOARDING_VIDEOS.entries()) {
      await storeSeededVideo(ctx, {
        companyId,
        body: await makeTitleCard(videoTools, dir, video, n),
        row: { title: video.title, fileName: `onboarding-${n + 1}.mp4`, onboarding: true },
      });
    }
  });
  return ONBOARDING_VIDEOS.length;
}

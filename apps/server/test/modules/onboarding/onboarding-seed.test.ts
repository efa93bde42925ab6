import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { ONBOARDING_VIDEOS, seedOnboardingVideos } from '../../../src/modules/onboarding/seed.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { signedInUser } from '../../support/sessions.ts';

// spec 3 §2 Onboarding videos: real ffmpeg makes the title cards, the in-process worker processes them.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'true' });
});
afterAll(() => t.close());

const onboardingRows = () => t.db.select().from(videoAssets).where(eq(videoAssets.onboarding, true));

describe('the onboarding videos', () => {
  it('are made once, listed in their number order, and processed to playable renditions', async () => {
    const tools = videoToolsFrom(t.app.ctx.config);
    expect(await seedOnboardingVideos(t.app.ctx, tools)).toBe(ONBOARDING_VIDEOS.length);
    expect(await seedOnboardingVideos(t.app.ctx, tools)).toBe(0);
    expect(await onboardingRows()).toHaveLength(ONBOARDING_VIDEOS.length);

    const { token } = await signedInUser(t.db);
    const res = await t.app.inject({ url: '/api/asset/onboarding', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { title: string }) => a.title)).toEqual(
      ONBOARDING_VIDEOS.map((v) => v.title),
    );

    // Each is a 6 s 1280x720 card with a sound track, turned into 480p and 720p MP4s with a poster.
    await expect
      .poll(
        async () => (await onboardingRows()).filter((r) => r.data.videoMp4Url_720p && r.data.image640).length,
        {
          timeout: 90_000,
          interval: 1000,
        },
      )
      .toBe(ONBOARDING_VIDEOS.length);
    const first = (await onboardingRows()).find((r) => r.title === ONBOARDING_VIDEOS[0].title)!;
    expect(first).toMatchObject({ status: 'prepared', width: 1280, height: 720, dimension: 'landscape' });
    expect(first.duration).toBeCloseTo(6, 0);
    const bytes = await t.app.ctx.storage.read(first.data.videoMp4Url_720p!);
    const file = join(mkdtempSync(join(tmpdir(), 'onboarding-')), '720p.mp4');
    writeFileSync(file, bytes!);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file], { encoding: 'utf8' }),
    ) as { streams: { codec_name: string; height?: number }[] };
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probe.streams.find((s) => s.codec_name === 'h264')?.height).toBe(720);
  }, 120_000);
});

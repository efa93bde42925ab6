import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { ffmpeg, tempDir } from './media-support.ts';
import type { THeaders } from './public-site-support.ts';

// Helpers of the caption e2e tests (captions.spec.ts, captions-gaps.spec.ts): a video the run's local speech
// engine transcribes, a video's captions over the API, and the cue a page's player shows at a moment.

/** A 7 s 1280x720 test pattern with a tone (the engine hears the length, not the words). */
export async function makeSpokenVideo(name = 'welcome') {
  const file = join(await tempDir(), `${name}.mp4`);
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=7:size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=7',
    '-shortest',
    // x264's fastest preset: the same kind of H.264 a browser records, for a fraction of the default's CPU.
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  );
  return file;
}

export async function captionsOf(request: APIRequestContext, headers: THeaders, assetId: string) {
  const res = await request.get(`/api/asset/${assetId}/captions`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { state: string; cues: { start: number; end: number; text: string }[] };
}

/** The words of the page's first player's caption cue at `seconds`, read from its text track (shown, so it loads). */
export const cueAt = (page: Page, seconds: number) =>
  page.evaluate(async (at) => {
    const track = document.querySelector('video')?.textTracks[0];
    if (!track) return 'no track';
    track.mode = 'showing';
    const cues = Array.from(track.cues ?? []) as VTTCue[];
    return cues.find((cue) => cue.startTime <= at && at < cue.endTime)?.text ?? `no cue (${cues.length})`;
  }, seconds);

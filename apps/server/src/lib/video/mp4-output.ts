import type { TProbe } from './probe.ts';

// The one shape of every playable MP4 the server makes (decisions 010 and 031): the source's first video
// stream, its first sound (AAC; a source without sound gets a silent AAC track, as some players, iOS autoplay
// and MSE players, misbehave on video-only MP4s, and every rendition then has the same shape), no metadata
// (a phone's location stays with the original), and the index (moov) before the data so playback starts before
// the whole file has arrived. remux.ts copies the picture, transcode.ts encodes it; only `video` differs.

/**
 * AAC at 48 kHz: what every rendition's sound is made into, 64k for a mono source (a single microphone) and
 * 128k stereo otherwise: mono stays mono, since making it stereo would only double the encode. ffmpeg's AAC
 * encoder with its 'fast' coder: the default (twoloop) took 2.5 s for the 60 s of Opus in a Chrome recording on
 * this 2-core machine, 'fast' 1.6 s, and that encode is most of the time a copied (remuxed) recording takes to
 * become playable (issue 25; decision 031). For a 30 s mono Opus recording, mono at 64k took 0.34 s of CPU
 * against 0.88 s for stereo at 128k (2026-12-07; decision 039). At these rates the two coders are alike for
 * speech.
 */
function aacArgs(channels: number | null) {
  const mono = channels === 1;
  return [
    '-c:a',
    'aac',
    '-aac_coder',
    'fast',
    '-b:a',
    mono ? '64k' : '128k',
    '-ac',
    mono ? '1' : '2',
    '-ar',
    '48000',
  ];
}

export function playableMp4Args(input: {
  source: string;
  output: string;
  probe: Pick<TProbe, 'hasAudio' | 'audioChannels'>;
  /** How the picture is written: `-c:v copy`, or a scale and an encoder. */
  video: string[];
  /** The source's sound is AAC already: copied, not encoded again. */
  copyAudio: boolean;
}): string[] {
  const { hasAudio, audioChannels } = input.probe;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input.source,
    ...(hasAudio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000']),
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : ['-map', '1:a:0', '-shortest']),
    ...input.video,
    ...(hasAudio && input.copyAudio ? ['-c:a', 'copy'] : aacArgs(hasAudio ? audioChannels : 2)),
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    input.output,
  ];
}

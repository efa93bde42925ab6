import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTool, type TVideoTools } from '../../../src/lib/video/ffmpeg.ts';
import { extractFrame, extractFrames } from '../../../src/lib/video/frames.ts';
import { InvalidVideoError, lastProgressTime, probeVideo } from '../../../src/lib/video/probe.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { remuxMp4 } from '../../../src/lib/video/remux.ts';
import { transcodeArgs } from '../../../src/lib/video/transcode.ts';
import { loadConfig } from '../../../src/config.ts';
import {
  inspectMp4,
  mp4StartingLate,
  makeClip,
  makeRecordedWebm,
  reportedDurations,
} from '../../support/video-pipeline-support.ts';
import { testConfig } from '../../support/test-config.ts';

// Real ffprobe and ffmpeg on generated files.
const tools: TVideoTools = {
  ffmpeg: resolveTool('ffmpeg', undefined, testConfig.path),
  ffprobe: resolveTool('ffprobe', undefined, testConfig.path),
};
// An ffmpeg that always fails: the duration can then only come from the header.
const failingFfmpeg: TVideoTools = {
  ...tools,
  ffmpeg: ['/bin/false', '/usr/bin/false'].find((f) => existsSync(f))!,
};

describe('probeVideo', () => {
  it('measures a recorder WebM whose header has no duration by reading its packets', async () => {
    const { file } = makeRecordedWebm({ width: 640, height: 360, seconds: 2, audio: true });
    expect(reportedDurations(file)).toEqual({ format: undefined, streams: [undefined, undefined] });

    const probe = await probeVideo(tools, file);
    expect(probe.duration).toBeCloseTo(2, 1);
    expect(probe).toMatchObject({ width: 640, height: 360, dimension: 'landscape', hasAudio: true });
  });

  it('keeps the header duration of an MP4 without running ffmpeg', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hirecast-probe-'));
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, makeClip({ width: 320, height: 180, seconds: 1, audio: false }));
    const probe = await probeVideo(failingFfmpeg, file);
    expect(probe.duration).toBeCloseTo(1, 1);
  });

  it('measures an MP4 that starts late from its first timestamp, not from 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hirecast-probe-'));
    const file = join(dir, 'take.mp4');
    writeFileSync(file, mp4StartingLate());
    // The header counts from 0: 5.3 s of nothing before a 2.5 s take.
    expect(Number(reportedDurations(file).format)).toBeCloseTo(7.8, 1);
    const probe = await probeVideo(tools, file);
    expect(probe.start).toBeCloseTo(5.3, 3);
    expect(probe.duration).toBeCloseTo(2.5, 1);
    expect(probe).toMatchObject({ width: 320, height: 240, audioCodec: 'opus', video: { codec: 'h264' } });
  });

  it('still answers "The video has no duration" when the measurement fails too', async () => {
    const { file } = makeRecordedWebm({ width: 320, height: 240, seconds: 1, audio: false });
    const probing = probeVideo(failingFfmpeg, file);
    await expect(probing).rejects.toThrow(InvalidVideoError);
    await expect(probing).rejects.toThrow('The video has no duration');
  });
});

describe('lastProgressTime', () => {
  it('takes the last out_time of ffmpeg -progress output, in seconds', () => {
    const progress = [
      'frame=1',
      'out_time_us=1000',
      'out_time=00:00:00.001000',
      'progress=continue',
      'frame=3000',
      'out_time_us=3723450000',
      'out_time=01:02:03.450000',
      'progress=end',
    ].join('\n');
    expect(lastProgressTime(progress)).toBeCloseTo(3723.45, 6);
    expect(lastProgressTime('out_time=N/A\nprogress=end')).toBeNaN();
    expect(lastProgressTime('')).toBeNaN();
  });
});

describe('the sound of a playable copy', () => {
  it('keeps a mono recording mono (AAC at 64k) and a stereo one stereo (128k), reading the channels from ffprobe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hirecast-sound-'));
    for (const channels of [1, 2] as const) {
      const source = join(dir, `opus-${channels}.mp4`);
      writeFileSync(
        source,
        makeClip({ width: 320, height: 180, seconds: 1, audio: true, audioCodec: 'opus', channels }),
      );
      const probe = await probeVideo(tools, source);
      expect(probe).toMatchObject({ audioCodec: 'opus', audioChannels: channels });
      const output = join(dir, `copy-${channels}.mp4`);
      await remuxMp4(tools.ffmpeg, { source, output, probe });
      expect(await probeVideo(tools, output)).toMatchObject({ audioCodec: 'aac', audioChannels: channels });
      const sound = inspectMp4(readFileSync(output)).streams.find((st) => st.codec_type === 'audio')!;
      // ffmpeg's AAC encoder lands near the rate it is asked for: 64k mono, 128k stereo.
      expect(Number(sound.bit_rate)).toBeGreaterThan(channels === 1 ? 40_000 : 90_000);
      expect(Number(sound.bit_rate)).toBeLessThan(channels === 1 ? 90_000 : 170_000);
    }
  });
});

describe('extractFrames', () => {
  it('makes each frame at its own time in one ffmpeg run, the same JPEG as a run of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hirecast-frames-'));
    const source = join(dir, 'clip.mp4');
    // testsrc draws a counter that changes every second, so frames a second apart differ.
    writeFileSync(source, makeClip({ width: 320, height: 180, seconds: 4, audio: false }));
    const probe = { width: 320, height: 180 };
    const frames = [0.5, 1.5, 2.5].map((time, i) => ({ time, output: join(dir, `frame${i}.jpg`) }));
    await extractFrames(tools.ffmpeg, { source, frames, probe });
    const made = frames.map(({ output }) => readFileSync(output));
    for (const jpeg of made) expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(new Set(made.map((jpeg) => jpeg.toString('base64'))).size).toBe(3);
    const alone = join(dir, 'alone.jpg');
    await extractFrame(tools.ffmpeg, { source, output: alone, time: 1.5, probe });
    expect(readFileSync(alone).equals(made[1]!)).toBe(true);
  });
});

describe('VIDEO_PRESET', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-preset-'));
  const probe = { width: 1280, height: 720, hasAudio: true, audioChannels: 2 };
  const presetOf = (args: string[]) => args[args.indexOf('-preset') + 1];

  it("is 'veryfast' unless set, and reaches the transcodes through the video tools", () => {
    const product = loadConfig({ DATA_DIR: dataDir });
    expect(product.video.preset).toBe('veryfast');
    expect(presetOf(transcodeArgs({ source: 'in.webm', output: 'out.mp4', probe, height: 480 }))).toBe(
      'veryfast',
    );
    const tested = loadConfig({ DATA_DIR: dataDir, VIDEO_PRESET: 'ultrafast', FFMPEG_PATH: tools.ffmpeg });
    const { preset } = videoToolsFrom(tested)();
    expect(preset).toBe('ultrafast');
    expect(
      presetOf(transcodeArgs({ source: 'in.webm', output: 'out.mp4', probe, height: 480, preset })),
    ).toBe('ultrafast');
  });

  it('refuses a preset x264 does not have', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, VIDEO_PRESET: 'warp' })).toThrow(/VIDEO_PRESET/);
  });
});

describe('VIDEO_LOWER_PRIORITY', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-priority-'));
  it('lowers the video tools below the API unless set to false, and refuses other words', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).video.lowerPriority).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, VIDEO_LOWER_PRIORITY: 'false' }).video.lowerPriority).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, VIDEO_LOWER_PRIORITY: 'sometimes' })).toThrow(
      /VIDEO_LOWER_PRIORITY/,
    );
  });
});

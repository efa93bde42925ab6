import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TRenderTemplateOptions } from '../../../src/modules/video-render/render-plan.ts';
import { renderTemplateIsolated, TemplateRenderError } from '../../../src/modules/video-render/index.ts';
import { templateOf, videoSection } from '../../support/video-render-support.ts';

// A render in a render process of its own (decision 033): the same result, progress, errors and abort as in the
// worker's own process, nothing left running when it ends however it ends, and a render process that dies is a
// failed render, not a dead worker.
const dir = mkdtempSync(join(tmpdir(), 'hirecast-render-isolated-'));
const RENDER_TIMEOUT = 180_000;
let clipFile: string;

beforeAll(() => {
  clipFile = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clipFile],
  ]);
});

const data = (clip: string) =>
  templateOf('landscape', [
    { type: 'entrance', id: 'e', text: 'Hello' },
    videoSection('v', clip, 3000, { title: 'Office tour' }),
    { type: 'ending', id: 'x', text: 'Bye' },
  ]);
/** A render of the template around `clip` into `outFile`, with the tests' preset. */
const render = (
  clip: string,
  outFile: string,
  extra: Pick<TRenderTemplateOptions, 'onProgress' | 'signal'> = {},
) =>
  renderTemplateIsolated({
    type: 'landscape',
    data: data(clip),
    clipFile: (section) => section.video.url!,
    outFile,
    encoder: { preset: 'ultrafast' },
    ...extra,
  });

/** This process's render processes (children running render-child.ts), by pid. */
function renderProcesses(): number[] {
  return pidsWhere((cmdline, stat) => cmdline.includes('render-child.ts') && parentOf(stat) === process.pid);
}
/** Processes whose command line mentions `text` (this test's clip: its ffmpegs). */
function processesMentioning(text: string): number[] {
  return pidsWhere((cmdline) => cmdline.includes(text));
}
const parentOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
function pidsWhere(test: (cmdline: string, stat: string) => boolean): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (test(cmdline, readFileSync(`/proc/${name}/stat`, 'utf8'))) pids.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}
const duration = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }),
  );

describe('renderTemplateIsolated', () => {
  it(
    'renders in a render process of its own, reports progress, and leaves no process behind',
    async () => {
      const outFile = join(dir, 'out.mp4');
      const progress: number[] = [];
      const seen = new Set<number>();
      const result = await render(clipFile, outFile, {
        onProgress: (fraction) => {
          progress.push(fraction);
          for (const pid of renderProcesses()) seen.add(pid);
        },
      });
      // The render ran in exactly one other process, which is gone now.
      expect(seen.size).toBe(1);
      expect([...seen][0]).not.toBe(process.pid);
      expect(renderProcesses()).toEqual([]);
      expect(processesMentioning(clipFile)).toEqual([]);
      // Its MP4 lasts as long as the template, and the progress went up to the end.
      expect(Math.abs(duration(outFile) * 1000 - result.durationMs)).toBeLessThan(100);
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
    RENDER_TIMEOUT,
  );

  it('brings a template that cannot be rendered back as a TemplateRenderError with its reason', async () => {
    const garbage = join(dir, 'garbage.mp4');
    writeFileSync(garbage, Buffer.from('this is not a video '.repeat(500)));
    const attempt = render(garbage, join(dir, 'broken.mp4'));
    await expect(attempt).rejects.toBeInstanceOf(TemplateRenderError);
    await expect(attempt).rejects.toThrow(/^Video 1 \("Office tour"\): The file is not a readable video/);
    expect(renderProcesses()).toEqual([]);
  });

  it(
    'stops when aborted: rejects with the reason, ends the render process and its ffmpegs, removes the file',
    async () => {
      const outFile = join(dir, 'aborted.mp4');
      const controller = new AbortController();
      const attempt = render(clipFile, outFile, {
        signal: controller.signal,
        onProgress: (fraction) => {
          if (fraction > 0.3) controller.abort(new Error('worker stopping'));
        },
      });
      await expect(attempt).rejects.toThrow('worker stopping');
      expect(existsSync(outFile)).toBe(false);
      expect(renderProcesses()).toEqual([]);
      await expect.poll(() => processesMentioning(clipFile)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'turns a render process that dies mid-render into a failed render (not a dead worker), and kills the ffmpegs it left',
    async () => {
      const outFile = join(dir, 'crashed.mp4');
      let killed = 0;
      const attempt = render(clipFile, outFile, {
        onProgress: (fraction) => {
          if (fraction > 0.3 && !killed) {
            const [pid] = renderProcesses();
            if (pid) {
              process.kill(pid, 'SIGKILL');
              killed = pid;
            }
          }
        },
      });
      await expect(attempt).rejects.toThrow('The render process stopped before it finished (signal SIGKILL)');
      expect(killed).toBeGreaterThan(0);
      expect(existsSync(outFile)).toBe(false);
      await expect.poll(() => processesMentioning(clipFile)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );
});

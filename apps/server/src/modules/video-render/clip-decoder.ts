import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';

/**
 * One clip decoded by ffmpeg to raw RGBA frames on a pipe, already scaled to `width`×`height` and resampled to
 * `fps`, so output frame k of a scene is decoder frame k. Frames are pulled one at a time: ffmpeg blocks on a
 * full pipe until the renderer asks for the next frame (backpressure), and every frame lands in the same
 * buffer, so a clip costs one frame of memory whatever its length.
 */
export class ClipDecoder {
  readonly canvas: Canvas;
  private readonly child: ChildProcessByStdio<null, Readable, Readable>;
  private readonly frame: Uint8ClampedArray;
  private readonly image: ImageData;
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer | null = null;
  private stderr = '';
  private exit: Promise<number | null>;
  /** Index of the frame in `canvas`; -1 before the first. */
  private index = -1;
  private ended = false;

  constructor(opts: {
    ffmpeg: string;
    file: string;
    width: number;
    height: number;
    fps: number;
    /** Seconds of the clip to decode (the scene's length). */
    seconds: number;
  }) {
    const { width, height } = opts;
    this.canvas = createCanvas(width, height);
    this.frame = new Uint8ClampedArray(width * height * 4);
    this.image = new ImageData(this.frame, width, height);
    this.child = spawn(
      opts.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-i',
        opts.file,
        '-t',
        String(opts.seconds),
        '-map',
        '0:v:0',
        '-vf',
        `fps=${opts.fps},scale=${width}:${height}:flags=bicubic`,
        '-pix_fmt',
        'rgba',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.exit = new Promise((resolve) => {
      this.child.on('close', (code) => resolve(code));
      this.child.on('error', () => resolve(-1));
    });
    this.chunks = this.child.stdout[Symbol.asyncIterator]();
  }

  /** The frame `k` in `canvas` (the last decoded frame stays when the clip is shorter). */
  async seek(k: number): Promise<void> {
    while (this.index < k && !this.ended) {
      if (await this.readFrame()) {
        this.index++;
        if (this.index === k) this.canvas.getContext('2d').putImageData(this.image, 0, 0);
      } else {
        // A partly filled buffer is never shown: the canvas keeps the last whole frame.
        this.ended = true;
      }
    }
  }

  /** Frames read so far. */
  get framesRead(): number {
    return this.index + 1;
  }

  /** Why ffmpeg stopped, when it failed. */
  async failure(): Promise<string | null> {
    const code = await this.exit;
    return code === 0
      ? null
      : this.stderr.trim().split('\n').slice(-2).join(' | ') || `ffmpeg exited with ${code}`;
  }

  private async readFrame(): Promise<boolean> {
    let filled = 0;
    const size = this.frame.length;
    while (filled < size) {
      let chunk = this.pending;
      this.pending = null;
      if (!chunk) {
        const next = await this.chunks.next();
        if (next.done) return false;
        chunk = next.value;
      }
      const take = Math.min(size - filled, chunk.length);
      this.frame.set(chunk.subarray(0, take), filled);
      filled += take;
      if (take < chunk.length) this.pending = chunk.subarray(take);
    }
    return true;
  }

  close(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    this.child.stdout.destroy();
  }
}

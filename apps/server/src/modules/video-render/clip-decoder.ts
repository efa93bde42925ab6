import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';

/**
 * One clip decoded by ffmpeg to raw RGBA frames on a pipe, already scaled to `width`×`height` and resampled to
 * `fps`, so output frame k of a scene is decoder frame k. Frames are pulled one at a time: ffmpeg blocks on a
 * full pipe until the renderer asks for the next frame (backpressure). Two frame buffers are reused (the one
 * shown and the one being read), so a clip costs two frames of memory whatever its length.
 */
export class ClipDecoder {
  readonly width: number;
  readonly height: number;
  private readonly surface: Canvas;
  /** Whether `surface` holds the current frame (it is filled only when the frame is drawn with skia). */
  private surfaceCurrent = false;
  private readonly child: ChildProcessByStdio<null, Readable, Readable>;
  private front: ImageData;
  private back: ImageData;
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer | null = null;
  private stderr = '';
  private readonly exit: Promise<number | null>;
  /** Index of the current frame; -1 before the first. */
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
    this.width = width;
    this.height = height;
    this.surface = createCanvas(width, height);
    this.front = new ImageData(new Uint8ClampedArray(width * height * 4), width, height);
    this.back = new ImageData(new Uint8ClampedArray(width * height * 4), width, height);
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

  /** Moves to frame `k`; when the clip is shorter, its last whole frame stays. */
  async seek(k: number): Promise<void> {
    while (this.index < k && !this.ended) {
      if (await this.readFrame(this.back.data)) {
        [this.front, this.back] = [this.back, this.front];
        this.index++;
        this.surfaceCurrent = false;
      } else {
        this.ended = true;
      }
    }
  }

  /** Frames read so far. */
  get framesRead(): number {
    return this.index + 1;
  }

  /** The current frame as a canvas skia can draw. */
  get canvas(): Canvas {
    if (!this.surfaceCurrent) {
      this.surface.getContext('2d').putImageData(this.front, 0, 0);
      this.surfaceCurrent = true;
    }
    return this.surface;
  }

  /** The current frame's RGBA bytes (opaque), valid until the next seek; null before the first frame. */
  get pixels(): Buffer | null {
    if (this.index < 0) return null;
    const data = this.front.data;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  /** Why ffmpeg stopped, when it failed. */
  async failure(): Promise<string | null> {
    const code = await this.exit;
    return code === 0
      ? null
      : this.stderr.trim().split('\n').slice(-2).join(' | ') || `ffmpeg exited with ${code}`;
  }

  private async readFrame(target: Uint8ClampedArray): Promise<boolean> {
    let filled = 0;
    const size = target.length;
    while (filled < size) {
      let chunk = this.pending;
      this.pending = null;
      if (!chunk) {
        const next = await this.chunks.next();
        if (next.done) return false;
        chunk = next.value;
      }
      const take = Math.min(size - filled, chunk.length);
      target.set(chunk.subarray(0, take), filled);
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

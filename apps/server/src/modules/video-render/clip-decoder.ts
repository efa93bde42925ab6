import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';

/**
 * One clip decoded by ffmpeg to raw RGBA frames, already scaled to `width`×`height` and resampled to `fps`, so
 * output frame k of a scene is decoder frame k.
 *
 * The frames come over a Unix socket that ffmpeg listens on, read with `onread` straight into one of two
 * reused frame buffers (the one shown and the one being filled). Reading a pipe the ordinary way allocates a
 * 64 KB buffer per read: 57 per 720p frame, 100 MB a second, and the garbage collector then took most of the
 * renderer's own time (decision 019). Backpressure: the socket is paused once a frame is full and resumed when
 * the renderer asks for the next one, so ffmpeg waits on a full socket; a clip costs two frames of memory
 * whatever its length.
 */
let socketSeq = 0;

/**
 * The filters that start a clip at its frame `frame` at `fps`: the clip is decoded from its start and resampled,
 * and the frames before are dropped. An input seek (`-ss`) would be cheaper, but a recording with a gap in its
 * timestamps (a camera that froze for a moment) then starts after the gap, and every later frame is early.
 */
export function clipFromFrame(frame: number, fps: number): string {
  return frame > 0 ? `fps=${fps},trim=start_frame=${frame},setpts=PTS-STARTPTS` : `fps=${fps}`;
}

/** swscale's name of a YUV matrix as ffprobe names it ('auto': the frame's own tag). */
function swscaleMatrix(matrix: string | undefined): string {
  if (matrix === 'bt709') return 'bt709';
  if (matrix === 'bt601' || matrix === 'smpte170m' || matrix === 'bt470bg') return 'bt601';
  if (matrix === 'bt2020nc' || matrix === 'bt2020c') return 'bt2020';
  return 'auto';
}

/** The filter that scales a clip's frames to `width`×`height` RGBA, read with its matrix. */
function clipToRgba(opts: { width: number; height: number; matrix?: string }): string {
  return (
    `scale=${opts.width}:${opts.height}:flags=bicubic:in_color_matrix=${swscaleMatrix(opts.matrix)}` +
    ',format=rgba'
  );
}

/**
 * What the drawn parts read a clip's frames from (a ClipDecoder, or ClipFrames written by a clip part): the
 * current frame as a canvas skia draws or as the RGBA bytes a drawn part passes through.
 */
export abstract class ClipSource {
  readonly width: number;
  readonly height: number;
  /** The clip frame the source starts at. */
  protected readonly first: number;
  /** Index of the current frame; `first - 1` before the first. */
  protected index: number;
  private readonly surface: Canvas;
  /** Whether `surface` holds the current frame (it is filled only when the frame is drawn with skia). */
  private surfaceCurrent = false;

  constructor(width: number, height: number, first: number) {
    this.width = width;
    this.height = height;
    this.first = first;
    this.index = first - 1;
    this.surface = createCanvas(width, height);
  }

  /** Moves to frame `k`; when the clip is shorter, its last whole frame stays. */
  abstract seek(k: number): Promise<void>;
  /** Why no frame came, when none did. */
  abstract failure(): Promise<string | null>;
  abstract close(): void;
  /** The current frame's pixels. */
  protected abstract get current(): ImageData;

  /** Called when `current` holds another frame. */
  protected moved(): void {
    this.surfaceCurrent = false;
  }

  /** Frames read so far. */
  get framesRead(): number {
    return this.index + 1 - this.first;
  }

  /** The current frame as a canvas skia can draw. */
  get canvas(): Canvas {
    if (!this.surfaceCurrent) {
      this.surface.getContext('2d').putImageData(this.current, 0, 0);
      this.surfaceCurrent = true;
    }
    return this.surface;
  }

  /** The current frame's RGBA bytes (opaque), valid until the next seek; null before the first frame. */
  get pixels(): Buffer | null {
    if (this.index < this.first) return null;
    const data = this.current.data;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
}

/**
 * A clip's frames from `first` on, as a clip part wrote them (raw RGBA, `width`×`height`) after the frames it
 * encoded: the crossfade after a clip part needs no decoder that would decode the clip from its start again.
 * Past the file's last frame, the last one holds.
 */
export class ClipFrames extends ClipSource {
  private readonly frame: ImageData;
  private readonly count: number;
  private fd: number;

  constructor(file: string, width: number, height: number, first: number) {
    super(width, height, first);
    this.frame = new ImageData(new Uint8ClampedArray(width * height * 4), width, height);
    this.fd = openSync(file, 'r');
    this.count = Math.floor(fstatSync(this.fd).size / (width * height * 4));
  }

  protected get current(): ImageData {
    return this.frame;
  }

  async seek(k: number): Promise<void> {
    const target = Math.min(k, this.first + this.count - 1);
    if (target <= this.index) return;
    const bytes = this.frame.data.byteLength;
    const data = this.frame.data;
    for (let at = 0; at < bytes;) {
      const n = readSync(this.fd, data, at, bytes - at, (target - this.first) * bytes + at);
      if (n === 0) break;
      at += n;
    }
    this.index = target;
    this.moved();
  }

  async failure(): Promise<string | null> {
    return this.count === 0 ? 'the clip part wrote none of its next frames' : null;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

export class ClipDecoder extends ClipSource {
  private readonly child: ChildProcessByStdio<null, null, Readable>;
  private readonly socketPath: string;
  private socket: Socket | null = null;
  private connecting: Promise<void> | null = null;
  private front: ImageData;
  private back: ImageData;
  /** Bytes of `back` filled so far. */
  private filled = 0;
  /** A whole frame waits in `back` (read before it was asked for). */
  private backReady = false;
  private waiter: ((whole: boolean) => void) | null = null;
  private stderr = '';
  private readonly exit: Promise<number | null>;
  private exited = false;
  private ended = false;

  constructor(opts: {
    ffmpeg: string;
    file: string;
    width: number;
    height: number;
    fps: number;
    /** Seconds of the clip to decode (the scene's length). */
    seconds: number;
    /** Start at this frame of the clip (at `fps`) instead of the first: frame k is still clip frame k. */
    fromFrame?: number;
    /** The YUV matrix to read the clip with (TProbe.matrix); the clip's own tag when not given. */
    matrix?: string;
  }) {
    super(opts.width, opts.height, Math.max(0, Math.floor(opts.fromFrame ?? 0)));
    const { width, height } = opts;
    this.front = new ImageData(new Uint8ClampedArray(width * height * 4), width, height);
    this.back = new ImageData(new Uint8ClampedArray(width * height * 4), width, height);
    // Short: a socket path is limited to 104–108 bytes, and macOS's tmpdir alone takes about 50.
    this.socketPath = join(
      tmpdir(),
      `hc-${process.pid}-${++socketSeq}-${randomBytes(3).toString('hex')}.sock`,
    );
    rmSync(this.socketPath, { force: true });
    this.child = spawn(
      opts.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-i', opts.file],
        ...['-t', String(Math.max(1 / opts.fps, opts.seconds - this.first / opts.fps))],
        ...[
          '-map',
          '0:v:0',
          '-vf',
          `${clipFromFrame(this.first, opts.fps)},${clipToRgba({ width, height, matrix: opts.matrix })}`,
        ],
        ...['-pix_fmt', 'rgba', '-f', 'rawvideo', '-listen', '1', `unix:${this.socketPath}`],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.exit = new Promise((resolve) => {
      this.child.on('close', (code) => {
        this.exited = true;
        resolve(code);
      });
      this.child.on('error', (err) => {
        this.exited = true;
        this.stderr += `\n${err.message}`;
        resolve(-1);
      });
    });
  }

  /** Moves to frame `k`; when the clip is shorter, its last whole frame stays. */
  async seek(k: number): Promise<void> {
    while (this.index < k && !this.ended) {
      if (await this.nextFrame()) {
        [this.front, this.back] = [this.back, this.front];
        this.index++;
        this.moved();
      } else {
        this.ended = true;
      }
    }
  }

  protected get current(): ImageData {
    return this.front;
  }

  /** Why ffmpeg stopped, when it failed. */
  async failure(): Promise<string | null> {
    const code = await this.exit;
    return code === 0
      ? null
      : this.stderr.trim().split('\n').slice(-2).join(' | ') || `ffmpeg exited with ${code}`;
  }

  /** Resolves true when `back` holds the next whole frame, false at the end of the clip. */
  private async nextFrame(): Promise<boolean> {
    if (!this.socket) {
      this.connecting ??= this.connect();
      await this.connecting;
    }
    const socket = this.socket;
    if (!socket) return false;
    if (this.backReady) {
      this.backReady = false;
      this.filled = 0;
      socket.resume();
      return true;
    }
    if (socket.destroyed || socket.readableEnded) return false;
    return new Promise<boolean>((resolve) => {
      this.waiter = resolve;
      socket.resume();
    });
  }

  /** ffmpeg creates the socket once it has opened the clip: connect as soon as it is there. */
  private async connect(): Promise<void> {
    for (;;) {
      if (this.exited) return;
      const socket = await new Promise<Socket | null>((resolve) => {
        const s = connect({
          path: this.socketPath,
          onread: {
            buffer: () => {
              const data = this.back.data;
              return new Uint8Array(
                data.buffer,
                data.byteOffset + this.filled,
                data.byteLength - this.filled,
              );
            },
            callback: (nread: number) => this.onRead(nread),
          },
        });
        s.once('connect', () => resolve(s));
        s.once('error', () => {
          s.destroy();
          resolve(null);
        });
      });
      if (socket) {
        socket.pause();
        socket.on('error', () => this.finish());
        socket.on('end', () => this.finish());
        socket.on('close', () => this.finish());
        this.socket = socket;
        rmSync(this.socketPath, { force: true });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private onRead(nread: number): boolean {
    this.filled += nread;
    if (this.filled < this.back.data.byteLength) return true;
    // A whole frame: stop reading until the renderer asks for the next one (false pauses the socket).
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) {
      this.filled = 0;
      waiter(true);
    } else {
      this.backReady = true;
    }
    return false;
  }

  private finish() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(false);
  }

  close(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    this.socket?.destroy();
    rmSync(this.socketPath, { force: true });
  }
}

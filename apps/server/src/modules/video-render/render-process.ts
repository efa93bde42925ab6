import { spawn } from 'node:child_process';
import { runTool, type TVideoTools } from '../../lib/video/ffmpeg.ts';

// Running ffmpeg for a template render: a one-shot command whose failure reads "The video encoder failed (…)",
// and an encoder fed raw frames on its stdin.

export async function runFfmpegOrFail(opts: { tools: TVideoTools; signal: AbortSignal }, args: string[]) {
  try {
    await runTool(opts.tools.ffmpeg, args, { signal: opts.signal });
  } catch (err) {
    opts.signal.throwIfAborted();
    throw new Error(`The video encoder failed (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
}

/**
 * ffmpeg reading raw frames that Node writes on its stdin (with backpressure). A failure is reported as
 * `The video encoder failed (…)` with the tail of ffmpeg's own explanation.
 */
export function startFfmpeg(
  tools: TVideoTools,
  args: string[],
  opts: { onStdout?: (text: string) => void } = {},
) {
  const child = spawn(tools.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8').on('data', (text: string) => opts.onStdout?.(text));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  let stdinError: Error | null = null;
  child.stdin.on('error', (err) => {
    stdinError = err;
  });
  const closed = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', (err) => {
      stderr += `\n${err.message}`;
      resolve(-1);
    });
  });
  const failure = async () => {
    const code = await closed;
    const tail = stderr.trim().split('\n').slice(-3).join(' | ');
    return new Error(
      `The video encoder failed (ffmpeg exited with ${code ?? 'a signal'}${tail ? `: ${tail}` : ''})`,
    );
  };
  return {
    /**
     * Writes one frame, waiting while the encoder's pipe is full. A `borrowed` frame (a buffer that is reused
     * afterwards) is waited for until it has been handed to the pipe.
     */
    async write(frame: Buffer, opts: { borrowed?: boolean } = {}): Promise<void> {
      if (stdinError || child.exitCode !== null) throw await failure();
      if (opts.borrowed) {
        await new Promise<void>((resolve) => child.stdin.write(frame, () => resolve()));
        if (stdinError || (child.exitCode !== null && child.exitCode !== 0)) throw await failure();
        return;
      }
      if (!child.stdin.write(frame)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            child.stdin.off('drain', done);
            child.off('close', done);
            resolve();
          };
          child.stdin.on('drain', done);
          child.on('close', done);
        });
        if (child.exitCode !== null && child.exitCode !== 0) throw await failure();
      }
    },
    async finish(): Promise<void> {
      if (!child.stdin.writableEnded) child.stdin.end();
      const code = await closed;
      if (code !== 0) throw await failure();
    },
    kill(): void {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

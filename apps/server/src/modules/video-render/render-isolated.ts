import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { TemplateRenderError, type TRenderTemplateOptions } from './render-plan.ts';

// A render in a process of its own (render-child.ts), one per render (decision 033). The drawing's native memory
// (skia, the clip decoders' frame buffers) is kept by the allocator of the process that drew, and a worker that
// drew in its own process swung by a hundred megabytes and more from one render to the next; a render process
// gives all of it back when it exits. A crash in the native drawing code also ends the render, not the worker.

type TChildOptions = Omit<TRenderTemplateOptions, 'clipFile' | 'signal' | 'onProgress'> & {
  /** Each video section's clip file, by section id (what `clipFile` answers, asked before the fork). */
  clipFiles: Record<string, string>;
};
export type TParentMessage = { type: 'render'; options: TChildOptions } | { type: 'abort'; reason: string };
export type TChildMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; durationMs: number }
  | { type: 'failed'; message: string; templateError: boolean };

const CHILD = new URL('./render-child.ts', import.meta.url);
/** How long an aborted render process has to stop its ffmpegs and exit before it is killed. */
const ABORT_GRACE_MS = 5_000;

/** renderTemplate, run in a render process; the same options, progress, abort and errors. */
export async function renderTemplateIsolated(opts: TRenderTemplateOptions): Promise<{ durationMs: number }> {
  const { clipFile, signal, onProgress, ...rest } = opts;
  signal?.throwIfAborted();
  const clipFiles: Record<string, string> = {};
  for (const section of opts.data.sections)
    if (section.type === 'video') clipFiles[section.id] = clipFile(section);

  // No inherited flags (a test runner's or an inspector's): the render process needs none. It leads a process
  // group of its own, with its ffmpegs, so that killing the group leaves no ffmpeg behind.
  const child = fork(CHILD, [], {
    execArgv: [],
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  };
  let result: TChildMessage | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const abort = () => {
    child.send({ type: 'abort', reason: String(signal?.reason) } satisfies TParentMessage, () => {});
    killTimer = setTimeout(killGroup, ABORT_GRACE_MS);
  };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.on('message', (message: TChildMessage) => {
          if (message.type === 'progress') onProgress?.(message.fraction);
          else result = message;
        });
        child.once('error', reject);
        child.once('close', (code, exitSignal) => resolve({ code, signal: exitSignal }));
        child.send({ type: 'render', options: { ...rest, clipFiles } } satisfies TParentMessage);
      },
    );
    signal?.throwIfAborted();
    if (result?.type === 'done') return { durationMs: result.durationMs };
    if (result?.type === 'failed')
      throw result.templateError ? new TemplateRenderError(result.message) : new Error(result.message);
    await rm(opts.outFile, { force: true });
    throw new Error(
      `The render process stopped before it finished (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})`,
    );
  } finally {
    signal?.removeEventListener('abort', abort);
    clearTimeout(killTimer);
    // A render process that died leaves its ffmpegs orphaned: they go with its group.
    killGroup();
  }
}

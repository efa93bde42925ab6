import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { setPriority } from 'node:os';
import { delimiter, join } from 'node:path';

/** The x264 preset of every encode when none is given (VIDEO_PRESET's default in config.ts). */
export const DEFAULT_X264_PRESET = 'veryfast';

/** ffmpeg and ffprobe; `preset`, the x264 preset of transcodes and renders (VIDEO_PRESET, default veryfast). */
export type TVideoTools = { ffmpeg: string; ffprobe: string; preset?: string };

export class VideoToolMissingError extends Error {
  constructor(name: string, configured?: string) {
    super(
      configured
        ? `${name} not found at ${configured} (set ${name.toUpperCase()}_PATH to an executable)`
        : `${name} not found on PATH: install it (apt-get install ffmpeg) or set ${name.toUpperCase()}_PATH`,
    );
    this.name = 'VideoToolMissingError';
  }
}

/** ffmpeg or ffprobe failed: `stderr` keeps the tail of its own explanation. */
export class VideoToolError extends Error {
  readonly stderr: string;
  constructor(tool: string, code: number | null, stderr: string) {
    const tail = stderr.trim().split('\n').slice(-3).join(' | ');
    super(`${tool} exited with ${code ?? 'a signal'}${tail ? `: ${tail}` : ''}`);
    this.name = 'VideoToolError';
    this.stderr = stderr;
  }
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// Where package managers put ffmpeg, for processes started with a bare PATH (systemd units, cron).
const FALLBACK_DIRS = ['/usr/local/bin', '/usr/bin', '/opt/homebrew/bin'];

/** `configured` (FFMPEG_PATH / FFPROBE_PATH) when given, else the first `name` on PATH, else the usual places. */
export function resolveTool(
  name: 'ffmpeg' | 'ffprobe',
  configured: string | undefined,
  path: string,
): string {
  if (configured) {
    if (!isExecutable(configured)) throw new VideoToolMissingError(name, configured);
    return configured;
  }
  for (const dir of [...path.split(delimiter).filter(Boolean), ...FALLBACK_DIRS]) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  throw new VideoToolMissingError(name);
}

const MAX_OUTPUT = 4 * 1024 * 1024;

// Decision 039: ffmpeg and ffprobe run below the API's CPU priority, so a spike of videos never slows the
// employer's screens: the kernel gives the API's threads the cores first and the video work what is left.
/** The niceness of every ffmpeg and ffprobe (0 is the API's; 19 the lowest priority). */
export const TOOL_NICENESS = 10;
/** The work nobody waits for (the smaller rendition, the other thumbnails): below the work that makes a video play. */
export const BACKGROUND_NICENESS = 19;

type TToolOptions = {
  /** The niceness the tools run at (TOOL_NICENESS unless a lane asks for less priority); null: this process's. */
  niceness?: number | null;
  /**
   * Threads of each encoder (x264's default is one and a half per core). The kernel weighs priority per
   * thread, so a background transcode of six threads at niceness 19 outweighs a copy of one thread at 10; with
   * one thread it yields as meant.
   */
  encoderThreads?: number;
  /** Test seam: told each tool's pid once its priority is set. */
  onSpawn?: (pid: number, tool: string) => void;
};
const toolOptions = new AsyncLocalStorage<TToolOptions>();

// VIDEO_LOWER_PRIORITY, set once at start (buildApp), and read here only: `true` runs every tool below this process
// (TOOL_NICENESS, or the niceness the work in hand chose with withToolOptions: a lane's); `false` runs every tool
// at this process's own priority, whatever a lane chose.
let lowering = true;
/** Answers the setting it replaces (a test puts it back). */
export function setToolPriority(lower: boolean): boolean {
  const was = lowering;
  lowering = lower;
  return was;
}

/** The encoder threads the work in hand asks for (withToolOptions), if any. */
export const encoderThreads = () => toolOptions.getStore()?.encoderThreads;

/** Runs `work` with these options for every tool it starts (a lane's niceness, a test's spawn hook). */
export function withToolOptions<T>(options: TToolOptions, work: () => Promise<T>): Promise<T> {
  return toolOptions.run({ ...toolOptions.getStore(), ...options }, work);
}

// Set on the child's pid right after spawn, before ffmpeg has started its encoder threads (which inherit it):
// one call that works wherever Node runs, where `nice -n` exists only on Unix and would name itself in errors.
function lowerPriority(pid: number | undefined, niceness: number | null) {
  if (pid === undefined || niceness === null) return;
  try {
    setPriority(pid, niceness);
  } catch {
    // Gone already (it failed at once), or a system that refuses: it runs at the API's priority.
  }
}

/** Runs a tool with an argument array (never a shell), collecting stdout and the stderr tail. */
export function runTool(
  file: string,
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<{ stdout: string; stderr: string }> {
  const { niceness = TOOL_NICENESS, onSpawn } = toolOptions.getStore() ?? {};
  const tool = file.split(/[\\/]/).pop() ?? file;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      // Aborted work stops at once (ffmpeg would otherwise finish its output first).
      killSignal: 'SIGKILL',
    });
    lowerPriority(child.pid, lowering ? niceness : null);
    if (child.pid !== undefined) onSpawn?.(child.pid, tool);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      options.onStdout?.(chunk);
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new VideoToolError(tool, code, stderr));
    });
  });
}

/**
 * Runs ffmpeg with the text overlays `args(true)` asks for, and again with `args(false)` when this ffmpeg was
 * built without drawtext or fonts: the video is still made, without its text.
 */
export async function runWithTextFallback(ffmpeg: string, args: (text: boolean) => string[]) {
  try {
    await runTool(ffmpeg, args(true));
  } catch (err) {
    if (!(err instanceof VideoToolError)) throw err;
    await runTool(ffmpeg, args(false));
  }
}

import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export type TVideoTools = { ffmpeg: string; ffprobe: string };

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

/** Runs a tool with an argument array (never a shell), collecting stdout and the stderr tail. */
export function runTool(
  file: string,
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      // Aborted work stops at once (ffmpeg would otherwise finish its output first).
      killSignal: 'SIGKILL',
    });
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
      const tool = file.split(/[\\/]/).pop() ?? file;
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

import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resolveTool,
  runTool,
  setToolPriority,
  TOOL_NICENESS,
  withToolOptions,
} from '../../../src/lib/video/ffmpeg.ts';
import { testConfig } from '../../support/test-config.ts';

// VIDEO_LOWER_PRIORITY reaches every ffmpeg and ffprobe, not only the video lanes': the first-start samples and
// probes ran at niceness 10 in the gate while everything else ran at 0, and the samples came minutes late.
const ffprobe = resolveTool('ffprobe', undefined, testConfig.path);

async function priorityOfRun(options: { niceness?: number | null } = {}) {
  let seen: number | undefined;
  await withToolOptions({ ...options, onSpawn: (pid) => (seen = getPriority(pid)) }, () =>
    runTool(ffprobe, ['-version']),
  );
  return seen;
}

describe('the priority of the video tools', () => {
  // The server's test files share their worker's modules: the setting goes back to what the next file expects.
  let before: boolean;
  beforeAll(() => {
    before = setToolPriority(true);
  });
  afterAll(() => setToolPriority(before));

  it('runs a tool no lane chose a priority for below the process by default', async () => {
    setToolPriority(true);
    expect(await priorityOfRun()).toBe(Math.max(TOOL_NICENESS, getPriority()));
  });

  it("runs it at the process's own priority with VIDEO_LOWER_PRIORITY=false", async () => {
    setToolPriority(false);
    expect(await priorityOfRun()).toBe(getPriority());
  });

  it('keeps the niceness a lane asks for, unless VIDEO_LOWER_PRIORITY=false', async () => {
    setToolPriority(true);
    expect(await priorityOfRun({ niceness: 19 })).toBe(Math.max(19, getPriority()));
    // One setting for the whole process: the lanes do not decide it each on their own.
    setToolPriority(false);
    expect(await priorityOfRun({ niceness: 19 })).toBe(getPriority());
  });
});

import { setToolPriority } from '../../src/lib/video/ffmpeg.ts';

// Every server test file starts with the tools at the test process's own priority, as every test app asks
// (testConfig.videoEnv): the gate's suites share two cores at one priority, and an
// ffmpeg a file runs before (or without) an app would otherwise start at niceness 10 and wait behind them all.
// The files share their worker's modules (isolate: false), so this also puts back what a file before it set.
// tool-priority.test.ts and video-lanes.test.ts check the lowered priorities themselves.
setToolPriority(false);

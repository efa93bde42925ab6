// The one reader of process.env in the server's tests, as src/config.ts is for the server (CONVENTIONS.md,
// Config): what the test run was given.
const env = process.env;

export const testConfig = {
  /** A PostgreSQL server URL (CI): each test file makes its own database on it. Unset: in-memory PGlite. */
  databaseUrl: env.DATABASE_URL || undefined,
  /** In CI (`CI=true`), where PostgreSQL is always started: a suite that needs it fails rather than skip. */
  ci: env.CI === 'true',
  /** Where ffmpeg and ffprobe are looked for. */
  path: env.PATH ?? '',
  /** The environment a child process (the server, the worker) inherits before a test's own variables. */
  childEnv: (): NodeJS.ProcessEnv => ({ ...env }),
  /**
   * How every test app and test process runs its video tools: the same H.264 files for a third less CPU than the
   * product's 'veryfast' (decision 032), and at the test's own priority, since the gate's suites all share two
   * cores at one priority and ffmpeg below them (decision 039) would wait behind every other test.
   * video-lanes.test.ts and tool-priority.test.ts check the lowered priorities themselves.
   */
  videoEnv: { VIDEO_PRESET: 'ultrafast', VIDEO_LOWER_PRIORITY: 'false' },
};

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
};

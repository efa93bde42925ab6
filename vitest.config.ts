import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core machines (Vitest's default is cores − 1, so one): the server files
    // wait on PostgreSQL and ffmpeg much of the time, and the suite took 10 min alone, 6.7 min two at a time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      { test: { name: 'recorder', root: 'packages/recorder', include: ['test/**/*.test.ts'] } },
      // The test gate's own summary (scripts/test-summary.mjs).
      { test: { name: 'scripts', root: 'scripts', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['../../scripts/vitest-fail-on-console-error.ts'],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Debounce and autosave tests wait on real timers; a loaded 2-core machine needs the headroom.
          testTimeout: 20_000,
          setupFiles: ['../../scripts/vitest-fail-on-console-error.ts', './src/test/setup.ts'],
        },
      },
      {
        extends: 'apps/site/vite.config.ts',
        test: {
          name: 'site',
          root: 'apps/site',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['../../scripts/vitest-fail-on-console-error.ts', './src/test/setup.ts'],
        },
      },
    ],
  },
});

import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const WEB_TESTS = ['src/**/*.test.{ts,tsx}'];
const web = {
  root: 'apps/web',
  environment: 'jsdom',
  // Debounce and autosave tests wait on real timers; a loaded 2-core machine needs the headroom. The limit stops a
  // hang and measures nothing: on 2026-12-01, with CPU stolen from the machine, a file's first test (which loads
  // the app's modules) ran past 20 s three times in the gate.
  testTimeout: 60_000,
  setupFiles: ['../../scripts/vitest-fail-on-console-error.ts', './src/test/setup.ts'],
};
/** The web's test files that call vi.mock (paths from apps/web). */
const webRoot = new URL('apps/web/', import.meta.url);
const webMocking = globSync(WEB_TESTS, { cwd: webRoot }).filter((file) =>
  readFileSync(new URL(file, webRoot), 'utf8').includes('vi.mock('),
);

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core machines (Vitest's default is cores − 1, so one): the server files
    // wait on PostgreSQL and ffmpeg much of the time, and the suite took 10 min alone, 6.7 min two at a time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      // A limit stops a hang and measures nothing: beside e2e and the static checks, a test that spawns a process took
      // past Vitest's default 5 s (2026-12-06's gate).
      {
        test: {
          name: 'recorder',
          root: 'packages/recorder',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      // The test gate's own scripts: its summary (scripts/test-summary.mjs), the link check (check-links.mjs); and
      // docs/configuration.md naming every variable of the server's config.
      { test: { name: 'scripts', root: 'scripts', include: ['test/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          // `npm test` runs this suite beside e2e and the static checks: on the 2-core machine a video test that
          // takes 5 s alone took over 30 s at a load average of 18. The timeout stops a hang, it measures nothing.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          setupFiles: ['../../scripts/vitest-fail-on-console-error.ts', './test/support/setup.ts'],
          // The server's files share their worker's modules (no fresh module graph per file): each file builds
          // its own app, database and storage, and restores the clock it fakes. Loading the server's modules once
          // per worker instead of once per file cut Vitest's 'import' time for the project from about 290 s to
          // 17 s; the project ran in 338 s. The web and site
          // files stay isolated: their module mocks and toasts leak between files without it.
          isolate: false,
        },
      },
      // The web's files share their worker's modules (React, MUI, the app's code loaded once per worker, not once
      // per file), except those that replace a module with vi.mock: a shared module graph would hand them the
      // module another file loaded first. Those run isolated, as 'web-mocks'.
      {
        extends: 'apps/web/vite.config.ts',
        test: { ...web, name: 'web', include: WEB_TESTS, exclude: webMocking, isolate: false },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { ...web, name: 'web-mocks', include: webMocking },
      },
      {
        extends: 'apps/site/vite.config.ts',
        test: {
          name: 'site',
          root: 'apps/site',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 60_000,
          setupFiles: ['../../scripts/vitest-fail-on-console-error.ts', './src/test/setup.ts'],
        },
      },
    ],
  },
});

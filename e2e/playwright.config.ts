import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, GOOGLE_MOCK_CLIENT_ID, GOOGLE_MOCK_ISSUER } from './google-mock.ts';
import { TRANSCRIBE_ENGINE_PORT, TRANSCRIBE_ENGINE_URL } from './transcribe-engine.ts';

// E2e runs the production build on the embedded database (the `npm start` set-up) in a fresh data folder.
const port = E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hirecast-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  // No retries (issue 24): a test that needs a second try is a race to find, not to hide. Waits are written
  // for a busy 2-core machine (the server makes its demo and sample videos with ffmpeg while the first tests
  // run); `--retries=N` on the command line still helps to tell a flake from a failure, and `npm test` counts
  // a test that passed only on a retry ('flaky') as failed.
  retries: 0,
  // A test's time limit stops a hang; it measures nothing. On a 2-core machine with stolen CPU (2026-12-01: the
  // gate's e2e took 30 min where it had taken 14) tests of 60–120 s limits ran out mid-way, so no test has less
  // than 120 s and the long flows 240 s or more (test.setTimeout in the spec).
  timeout: 120_000,
  // An expectation waits for its condition; 10 s ran out for a sign-in and a page load in that gate.
  expect: { timeout: 30_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its screenshot and its page as an accessibility tree (error-context.md). A trace (every
    // action with the page's DOM before and after it) is recorded on a retry only: recording one for every test
    // and keeping the failures' cost a fifth of e2e's CPU (2026-12-07, three specs: 51.9 core-seconds with it,
    // 41.5 without), so `--retries=1` on the command line gives a failure's trace. No screencast: it more than
    // doubled Chromium's CPU (2026-12-06, ten page loads: 32.0 s of CPU with it, 13.9 s without).
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
    // The browser asks for less motion, as a person may: the app's spinners, bars and skeletons stand still
    // (lib/theme.ts). A spinning one cost Chromium a tenth of a core for as long as it showed (2026-12-06: 2.06 s
    // of CPU in 20 s against 0.18 s still), and Chromium's compositor runs at niceness -8, ahead of the server.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell: the browser without its windowing layer, a third less CPU than the full
      // browser in headless mode for the same specs (2026-12-07: 57 against 85 core-seconds for three specs).
      // `E2E_CHROMIUM=/usr/bin/chromium` runs them in the full browser (which has a PDF viewer).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // Issue 34: the local speech engine (transcribe-engine.ts), up for the whole run, before the server.
      command: 'node e2e/transcribe-engine.ts',
      cwd: '..',
      url: `http://127.0.0.1:${TRANSCRIBE_ENGINE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      command: 'node apps/server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      // A machine shared by several runs (or by `npm test`'s Vitest, side by side) takes longer to migrate the
      // embedded database and start.
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        PUBLIC_URL: `http://localhost:${port}`,
        // Every test signs up its own users from one IP; the limits themselves are covered by the API tests.
        RATE_LIMIT_DISABLED: 'true',
        // The x264 preset of transcodes and renders: the same H.264 files for a third less CPU (decision 032).
        VIDEO_PRESET: 'ultrafast',
        // Video work at the API's priority: the gate's other suites share the two cores at that priority, and ffmpeg
        // below them would wait behind every one (decision 039).
        VIDEO_LOWER_PRIORITY: 'false',
        // A build in another folder (two engineers testing side by side); empty means apps/web/dist.
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? '',
        // The same for the public site's build; empty means apps/site/dist.
        SITE_DIST_DIR: process.env.SITE_DIST_DIR ?? '',
        // Google sign-in against the local provider google-sign-in.spec.ts runs (issue 27). Other specs never
        // reach it: the server fetches its discovery document only when a Google sign-in starts.
        GOOGLE_CLIENT_ID: GOOGLE_MOCK_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
        GOOGLE_ISSUER: GOOGLE_MOCK_ISSUER,
        // Issue 34: every video made in the run is transcribed by the local engine (transcribe-engine.ts).
        TRANSCRIBE_BASE_URL: TRANSCRIBE_ENGINE_URL,
        // Issue 35: webhooks.spec.ts starts its receiver on this computer, which webhooks may not reach otherwise.
        WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
      },
    },
  ],
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playwrightCounts, vitestFailedNames } from '../test-summary.mjs';

// The report of a real Playwright run with `retries: 1` (trimmed to what the summary reads): one test passed,
// one failed twice, one failed and then passed on its retry.
const report = JSON.parse(readFileSync(new URL('./fixtures/playwright-flaky.json', import.meta.url), 'utf8'));

describe('npm test summary', () => {
  it('counts an e2e test that passed only on a retry as failed, and names it', () => {
    expect(playwrightCounts(report)).toEqual({
      passed: 1,
      failed: 2,
      flaky: ['flaky.spec.ts › summary › passes only on its retry'],
      unexpected: ['flaky.spec.ts › summary › fails'],
    });
  });

  it('counts a run without flakes as before', () => {
    const clean = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    expect(playwrightCounts(clean)).toEqual({ passed: 3, failed: 0, flaky: [], unexpected: [] });
  });

  it('names the failed tests of a Vitest report, and a file that failed outside its tests', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            { fullName: 'a fails', status: 'failed' },
          ],
        },
        { name: '/repo/b.test.ts', status: 'failed', assertionResults: [] },
        {
          name: '/repo/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'c', status: 'passed' }],
        },
      ],
    };
    expect(vitestFailedNames(vitest)).toEqual([
      '/repo/a.test.ts › a fails',
      '/repo/b.test.ts (the file failed)',
    ]);
  });
});

// The counts `npm test` prints from the Vitest and Playwright JSON reports. Issue 24: a flake is a failure. An
// e2e test that failed and then passed on a retry (Playwright's 'flaky') counts as failed, by name.

/** Passed and failed tests of a Vitest JSON report. */
export const vitestCounts = (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests });

/** Passed and failed tests of a Playwright JSON report, with the titles of the flaky ones. */
export function playwrightCounts(report) {
  const flaky = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'flaky') flaky.push([...path, spec.title].filter(Boolean).join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + (report.stats.flaky ?? 0),
    flaky,
  };
}

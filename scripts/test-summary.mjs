// The counts `npm test` prints from the Vitest and Playwright JSON reports. Issue 24: a flake is a failure. An
// e2e test that failed and then passed on a retry (Playwright's 'flaky') counts as failed, by name. The names of the
// failed tests are what `npm test` lists again at its end, so the last lines of a long log say which failed.

/** Passed and failed tests of a Vitest JSON report. */
export const vitestCounts = (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests });

/** The failed tests of a Vitest JSON report, and any file that failed outside a test (an import, a hook). */
export function vitestFailedNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`${file.name} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) names.push(`${file.name} (the file failed)`);
  }
  return names;
}

/** Passed and failed tests of a Playwright JSON report, with the titles of the flaky ones. */
export function playwrightCounts(report) {
  const flaky = [];
  const unexpected = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const name = [...path, spec.title].filter(Boolean).join(' › ');
        if (test.status === 'flaky') flaky.push(name);
        if (test.status === 'unexpected') unexpected.push(name);
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + (report.stats.flaky ?? 0),
    flaky,
    unexpected,
  };
}

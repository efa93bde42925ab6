import { describe, it, type TestFunction } from 'vitest';
import { testConfig } from './test-config.ts';

// The one rule for suites that cannot run on the embedded database (several processes on one database, the
// worker as its own process, LISTEN/NOTIFY between pools): with DATABASE_URL they run; without it they are
// skipped and say so in the output; in CI (CI=true), where PostgreSQL is always started, a missing
// DATABASE_URL fails them instead of skipping.

const SKIPPED = 'skipped: needs PostgreSQL; set DATABASE_URL';

/** Why a suite or a test cannot run here, or undefined when it can (DATABASE_URL is set). */
function missing(name: string): 'fail' | 'skip' | undefined {
  if (testConfig.databaseUrl) return undefined;
  if (testConfig.ci) return 'fail';
  console.warn(`${name}: ${SKIPPED}`);
  return 'skip';
}

const failure = (name: string) => () => {
  throw new Error(`${name} needs PostgreSQL, and CI=true without DATABASE_URL (.ci/run sets it)`);
};

/** `describe` for a suite that needs PostgreSQL. */
export function describeOnPostgres(name: string, fn: () => void): void {
  const why = missing(name);
  if (why === undefined) describe(name, fn);
  else if (why === 'fail') describe(name, () => it('has a PostgreSQL database', failure(name)));
  else describe.skip(`${name} (${SKIPPED})`, fn);
}

/** `it` for a test that needs PostgreSQL. */
export function itOnPostgres(name: string, fn: TestFunction, timeout?: number): void {
  const why = missing(name);
  if (why === undefined) it(name, fn, timeout);
  else if (why === 'fail') it(name, failure(name));
  else it.skip(`${name} (${SKIPPED})`, fn, timeout);
}

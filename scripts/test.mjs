// `npm test`: the one gate. Static checks (lint, format, types, links), unit + integration (Vitest) and
// Playwright e2e against the production build, side by side. Prints one closing line 'tests: N passed, N failed';
// an e2e test that passed only on a retry counts as failed (scripts/test-summary.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { playwrightCounts, vitestCounts } from './test-summary.mjs';

const started = Date.now();
const out = resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function run(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      console.log(
        `◀ ${name} ${code === 0 ? 'ok' : `FAILED (${code})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
      resolve(code === 0);
    });
  });
}

const bin = (name) => `node_modules/.bin/${name}`;

// Side by side: the static checks and the unit + integration suite start at once, and e2e starts as soon as the
// production build it runs against is ready. Much of each suite waits (on PostgreSQL, ffmpeg, a browser, a
// video becoming playable), so running them together fills the two cores; one after another the gate took
// 1848 s on CI.
const build = run('build', 'npm', ['run', 'build', '--silent']);
const [staticChecks, vitestOk, e2eOk] = await Promise.all([
  Promise.all([
    run('lint', bin('eslint'), ['.', '--max-warnings', '0']),
    run('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']),
    run('typecheck', bin('tsc'), ['-b']),
    // Every relative link in README.md and docs/ names a file (and heading) of the repository: a second or so.
    run('links', process.execPath, ['scripts/check-links.mjs']),
    build,
  ]),
  run('unit + integration', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}/vitest.json`,
  ]),
  build.then((built) =>
    built
      ? run('e2e', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
        })
      : false,
  ),
]);

let passed = 0;
let failed = 0;
try {
  const unit = vitestCounts(JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8')));
  passed += unit.passed;
  failed += unit.failed;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(`${out}/playwright.json`, 'utf8'));
  const e2e = playwrightCounts(p);
  passed += e2e.passed;
  failed += e2e.failed;
  if (e2e.flaky.length > 0)
    console.log(`\ne2e: ${e2e.flaky.length} flaky (counted as failed): ${e2e.flaky.join('; ')}`);
} catch {
  failed += 1;
}
const ok = staticChecks.every(Boolean) && vitestOk && e2eOk && failed === 0;
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

// `npm test`: the one gate. Static checks (lint, format, types, links), unit + integration (Vitest) and
// Playwright e2e against the production build, side by side. Prints one closing line 'tests: N passed, N failed';
// an e2e test that passed only on a retry counts as failed (scripts/test-summary.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { playwrightCounts, vitestCounts, vitestFailedNames } from './test-summary.mjs';

const started = Date.now();
const out = resolve('.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Each part runs under a shell that, when the part ends, writes the CPU time it and everything it waited for
// used (bash's `times`): the gate is bound by two cores, so its closing lines say where the CPU went.
function run(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    const cpuFile = `${out}/cpu-${name.replace(/\W+/g, '-')}.txt`;
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(
      'bash',
      ['-c', '"$@"; rc=$?; times > "$CPU_FILE"; exit $rc', 'bash', command, ...args],
      {
        stdio: 'inherit',
        env: { ...process.env, ...env, CPU_FILE: cpuFile },
      },
    );
    child.on('exit', (code) => {
      if (code !== 0) failedParts.push(name);
      const cpu = childrenCpuSeconds(cpuFile);
      if (cpu !== null) cpuUsed.push([name, cpu]);
      console.log(
        `◀ ${name} ${code === 0 ? 'ok' : `FAILED (${code})`} in ${((Date.now() - t) / 1000).toFixed(1)} s` +
          (cpu === null ? '' : ` (CPU ${cpu.toFixed(0)} s)`),
      );
      resolve(code === 0);
    });
  });
}

const cpuUsed = [];
/** The parts that exited with an error (a static check, or a suite that failed or could not run). */
const failedParts = [];
/** The user + system seconds of `times`' second line (the children of the shell). */
function childrenCpuSeconds(file) {
  try {
    const line = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return seconds.length === 2 ? seconds[0] + seconds[1] : null;
  } catch {
    return null;
  }
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
const failedNames = [];
try {
  const report = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  const unit = vitestCounts(report);
  passed += unit.passed;
  failed += unit.failed;
  failedNames.push(...vitestFailedNames(report).map((name) => `unit + integration: ${name}`));
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(`${out}/playwright.json`, 'utf8'));
  const e2e = playwrightCounts(p);
  passed += e2e.passed;
  failed += e2e.failed;
  failedNames.push(...e2e.unexpected.map((name) => `e2e: ${name}`));
  failedNames.push(...e2e.flaky.map((name) => `e2e (flaky, passed on a retry): ${name}`));
} catch {
  failed += 1;
}
const ok = staticChecks.every(Boolean) && vitestOk && e2eOk && failed === 0;
// The failures again, last, so the end of a long log says which parts and tests failed.
failedNames.unshift(...failedParts.map((name) => `${name} (see its ◀ line)`));
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`CPU: ${cpuUsed.map(([name, cpu]) => `${name} ${cpu.toFixed(0)} s`).join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

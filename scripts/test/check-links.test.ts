import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks, headingId } from '../check-links.mjs';

// A repository of a few Markdown files in a temporary folder, checked as `node scripts/check-links.mjs` would.
let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hirecast-links-'));
  write('docs/guide.md', '# Guide\n\n## Running `npm test`\n\nBack to the [README](../README.md#start).\n');
  write('docs/decisions/001-one.md', '# 001 — One\n');
  write('apps/server/src/config.ts', 'export {};\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-links', () => {
  it('passes good links: files, folders, headings, public sites, and links shown as code', () => {
    write(
      'README.md',
      [
        '# Start',
        '',
        'See [the guide](docs/guide.md), [its tests](docs/guide.md#running-npm-test), [decisions](docs/decisions/),',
        '[the config](apps/server/src/config.ts), [up here](#start) and [Node](https://nodejs.org/).',
        '',
        'Not links: `[x](missing.md)` and',
        '',
        '```md',
        '[y](also-missing.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(root)).toEqual([]);
  });

  it('names each broken link: a missing file, a missing heading, a path outside the repository', () => {
    write(
      'README.md',
      '# Start\n\n[gone](docs/gone.md) and [no such part](docs/guide.md#nowhere).\n\n[outside](../shared/ARCHITECTURE.md)\n',
    );
    write('docs/decisions/002-two.md', '# 002\n\nSee [one](001-one.md) and [three](003-three.md).\n');
    expect(brokenLinks(root)).toEqual([
      { file: 'README.md', line: 3, target: 'docs/gone.md', reason: 'no such file' },
      {
        file: 'README.md',
        line: 3,
        target: 'docs/guide.md#nowhere',
        reason: 'no heading #nowhere in docs/guide.md',
      },
      {
        file: 'README.md',
        line: 5,
        target: '../shared/ARCHITECTURE.md',
        reason: 'points outside the repository',
      },
      { file: 'docs/decisions/002-two.md', line: 3, target: '003-three.md', reason: 'no such file' },
    ]);
  });

  it('names a page of docs/ that the index docs/README.md does not list', () => {
    write('README.md', '# Start\n');
    write('docs/README.md', '# Docs\n\n- [Guide](guide.md)\n- [One](decisions/001-one.md#001--one)\n');
    expect(brokenLinks(root)).toEqual([]);
    write('docs/new-page.md', '# New\n');
    expect(brokenLinks(root)).toEqual([
      {
        file: 'docs/new-page.md',
        line: 1,
        target: 'docs/README.md',
        reason: 'page not listed in docs/README.md',
      },
    ]);
  });

  it('as a command: prints each broken link and exits 1, exits 0 when all resolve', () => {
    const script = new URL('../check-links.mjs', import.meta.url).pathname;
    const check = () => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    write('README.md', '# Start\n\n[guide](docs/guide.md)\n');
    expect(check()).toMatchObject({ status: 0 });
    write('README.md', '# Start\n\n[guide](docs/guid.md)\n');
    const failed = check();
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('README.md:3: docs/guid.md — no such file');
  });

  it('makes heading ids as GitHub does', () => {
    expect(headingId('Running `npm test`')).toBe('running-npm-test');
    expect(headingId('PostgreSQL, S3 and SMTP')).toBe('postgresql-s3-and-smtp');
    expect(headingId('Stopping & deploying')).toBe('stopping--deploying');
  });
});

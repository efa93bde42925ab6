import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestAssets, SITE_LAZY_PAGES } from '../../../src/modules/public/site-bundle.ts';
import { createTestApp } from '../../support/helper.ts';
import { jsonLdOf, metaOf, openJob, siteDataOf } from '../../support/site-support.ts';

// A site build as apps/site's `vite build` leaves it (client files with Vite's manifest, the SSR entry), made
// here so the server's side of the contract is tested without building the site.
function fakeSiteBuild(render: string) {
  const dist = mkdtempSync(join(tmpdir(), 'hirecast-site-dist-'));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(
    join(dist, 'client', '.vite', 'manifest.json'),
    JSON.stringify({
      'src/entry-client.tsx': {
        file: 'assets/entry-client-Bx12ab.js',
        src: 'src/entry-client.tsx',
        isEntry: true,
        imports: ['_vendor-Cq34cd.js'],
        css: ['assets/entry-client-Dz56ef.css'],
      },
      '_vendor-Cq34cd.js': { file: 'assets/vendor-Cq34cd.js', css: ['assets/vendor-Ew78gh.css'] },
    }),
  );
  writeFileSync(join(dist, 'client', 'assets', 'entry-client-Bx12ab.js'), 'console.log("hydrate");\n');
  writeFileSync(join(dist, 'client', 'assets', 'entry-client-Dz56ef.css'), 'body{margin:0}\n');
  writeFileSync(join(dist, 'client', 'robots-note.txt'), 'not hashed\n');
  writeFileSync(join(dist, 'server', 'entry-server.js'), render);
  return dist;
}

describe('with a site build', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = fakeSiteBuild(
      'export function render(page) {\n' +
        '  if (page.kind !== "job") return `<section data-kind="${page.kind}"></section>`;\n' +
        '  return `<article data-kind="job" data-preview="${page.preview}">${page.job.shortId}</article>`;\n' +
        '}\n',
    );
    t = await createTestApp({ SITE_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("puts the site's markup in #root, with the page data, the stylesheets and the entry script", async () => {
    const { job, path } = await openJob(t.db);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      `<div id="root"><article data-kind="job" data-preview="false">${job.shortId}</article></div>`,
    );
    expect(html).toContain('<link rel="stylesheet" href="/site/assets/entry-client-Dz56ef.css">');
    expect(html).toContain('<link rel="stylesheet" href="/site/assets/vendor-Ew78gh.css">');
    expect(html).toContain('<link rel="modulepreload" href="/site/assets/vendor-Cq34cd.js">');
    expect(html).toMatch(
      /<\/script><script type="module" src="\/site\/assets\/entry-client-Bx12ab\.js"><\/script><\/body><\/html>$/,
    );
    expect(siteDataOf(html)).toMatchObject({ kind: 'job', job: { shortId: job.shortId } });
    // The head is the server's either way.
    expect(jsonLdOf(html)[0]).toMatchObject({ '@type': 'JobPosting', identifier: { value: job.shortId } });
    expect(metaOf(html, 'og:type')).toBe('website');
  });

  it('renders the 404 page through the site too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/job/a/b/c-Zz9Zz9Zz' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><section data-kind="not-found"></section></div>');
  });

  it('serves the build at /site/, hashed files cached for good', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/site/assets/entry-client-Bx12ab.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe('console.log("hydrate");\n');
    const css = await t.app.inject({ method: 'GET', url: '/site/assets/entry-client-Dz56ef.css' });
    expect(css.headers['content-type']).toMatch(/text\/css/);
    const plain = await t.app.inject({ method: 'GET', url: '/site/robots-note.txt' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: '/site/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/site/../server/entry-server.js' })).statusCode).toBe(
      404,
    );
  });
});

describe('with a site build whose renderer fails', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = fakeSiteBuild('export function render() {\n  throw new Error("boom");\n}\n');
    t = await createTestApp({ SITE_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('still serves the page, with the fallback body and the scripts to take over', async () => {
    const { path } = await openJob(t.db, { title: 'Grill Chef' });
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>Grill Chef</h1>');
    expect(res.body).toContain('src="/site/assets/entry-client-Bx12ab.js"');
    expect(jsonLdOf(res.body)).toHaveLength(1);
  });
});

describe('a page whose code loads on its own', () => {
  // As Vite writes it: the entry imports the interview page dynamically; the page's chunk imports the entry back
  // and a shared chunk of its own.
  const manifest = {
    'src/entry-client.tsx': {
      file: 'assets/entry-client-Bx12ab.js',
      imports: ['_runtime-Aa11.js'],
      css: ['assets/entry-client-Dz56ef.css'],
    },
    '_runtime-Aa11.js': { file: 'assets/runtime-Aa11.js' },
    '_recorder-Bb22.js': {
      file: 'assets/recorder-Bb22.js',
      imports: ['src/entry-client.tsx'],
      css: ['assets/recorder-Cc33.css'],
    },
    [SITE_LAZY_PAGES.interview!]: {
      file: 'assets/interview-page-Dd44.js',
      imports: ['src/entry-client.tsx', '_recorder-Bb22.js'],
    },
  };

  it('preloads that code, its shared chunks and stylesheets, with the entry', () => {
    const page = manifestAssets(manifest, 'src/entry-client.tsx', SITE_LAZY_PAGES.interview);
    expect(page.head).toBe(
      '<link rel="stylesheet" href="/site/assets/entry-client-Dz56ef.css">' +
        '<link rel="stylesheet" href="/site/assets/recorder-Cc33.css">' +
        '<link rel="modulepreload" href="/site/assets/runtime-Aa11.js">' +
        '<link rel="modulepreload" href="/site/assets/interview-page-Dd44.js">' +
        '<link rel="modulepreload" href="/site/assets/recorder-Bb22.js">',
    );
    expect(page.scripts).toBe('<script type="module" src="/site/assets/entry-client-Bx12ab.js"></script>');
    // Other pages do not load it.
    expect(manifestAssets(manifest).head).not.toContain('interview-page');
  });
});

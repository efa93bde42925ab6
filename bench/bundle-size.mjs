// The JavaScript a browser loads to show a page of the employer app (by default /sign-in), measured in
// Chromium: the built app served by the real server, the page opened, the network left to go idle, and every
// script response counted, whatever loaded it (the entry, its imports, and chunks imported after the first
// render such as the toast host). Walking the Vite manifest from the entry missed those (issue 36).
// Prints each script with its raw size, its gzip size (level 9, the budget's measure) and the bytes that
// crossed the wire with their Content-Encoding (what the server sent: precompressed Brotli for hashed assets),
// then the totals. Exits 1 when the gzip total is over the budget.
// Usage: npm run bench:bundle [-- --path /sign-in --budget 150]   (run `npm run build` first)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { freePort, startServer, stopServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/sign-in' },
    budget: { type: 'string', default: '150' },
  },
});
const budgetKiB = Number(args.budget);
if (!(budgetKiB > 0)) throw new Error('--budget is a size in KiB, more than 0');
if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-bundle-'));
let server;
let browser;
try {
  server = await startServer({ port: await freePort(), dataDir, readyTimeoutMs: 300_000 });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto(`${server.base}${args.path}`, { waitUntil: 'networkidle' });
  // A busy machine can pause the network while it runs the first scripts: the page is drawn (its heading is
  // in), then the network idles again and stays idle a second, so a chunk loaded after the first render counts.
  await page.locator('h1').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');

  const rows = [];
  for (const request of scripts) {
    const response = await request.response();
    const body = await response.body();
    const sizes = await request.sizes();
    rows.push({
      file: new URL(request.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      wire: sizes.responseBodySize,
      encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  for (const row of rows)
    console.log(
      `${kib(row.gzip).padStart(10)} gzip ${kib(row.raw).padStart(10)} raw ${kib(row.wire).padStart(10)} ${row.encoding.padEnd(8)} ${row.file}`,
    );
  console.log(
    `${args.path}: ${rows.length} JS files, ${kib(total('raw'))} raw, ${kib(total('gzip'))} gzip, ` +
      `${kib(total('wire'))} over the wire`,
  );
  if (total('gzip') / 1024 > budgetKiB) {
    console.error(`over the budget of ${budgetKiB} KiB gzip`);
    process.exitCode = 1;
  } else console.log(`within the budget of ${budgetKiB} KiB gzip`);
} finally {
  await browser?.close();
  await stopServer(server?.child);
  rmSync(dataDir, { recursive: true, force: true });
}

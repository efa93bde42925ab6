// Gzip size of the JavaScript a browser downloads to show a job page of the public site (apps/site): the
// client entry and its static imports, as the Vite manifest lists them. Every page of the site (job pages, the
// company page and its stories, issue 15) hydrates from this one entry, so the figure is each page's. The apply flow and tus-js-client are
// dynamic imports, loaded only when a candidate applies: they are reported, not counted. Run `npm run build`
// first. Usage: node bench/site-bundle.mjs [--budget kB]  (default budget: 100 kB gzip = 100,000 bytes)
// Exits 1 when the gzip total is over the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/site/dist/client/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget');
const budgetKb = budgetAt >= 0 ? Number(args[budgetAt + 1]) : 100;
const entryKey = 'src/entry-client.tsx';

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) collect(imp, files);
  return files;
}

const sizeOf = (files) => {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = readFileSync(new URL(file, dist));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gz };
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
// A chunk's name, or its package for a dependency chunk (tus-js-client's is called 'browser').
const label = (key) =>
  key.includes('node_modules/') ? key.split('node_modules/')[1].split('/')[0] : manifest[key].name;

if (!manifest[entryKey]) throw new Error(`${entryKey} is not an entry in the manifest`);
const initial = collect(entryKey);
const { raw, gz } = sizeOf(initial);
const css = sizeOf(manifest[entryKey].css ?? []);
console.log(`job and company page initial JS: ${initial.size} files, ${kb(raw)} raw, ${kb(gz)} gzip`);
console.log(`job and company page CSS: ${kb(css.raw)} raw, ${kb(css.gz)} gzip`);

// The lazy parts, for the record: each dynamic import with the static imports the page does not have yet.
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const lazy = [...collect(key)].filter((f) => !initial.has(f));
  console.log(`  lazy ${label(key)}: ${kb(sizeOf(lazy).gz)} gzip`);
  for (const inner of manifest[key].dynamicImports ?? [])
    console.log(`    lazy ${label(inner)}: ${kb(sizeOf([manifest[inner].file]).gz)} gzip`);
}

if (gz > budgetKb * 1000) {
  console.error(`over the budget of ${budgetKb} kB gzip`);
  process.exit(1);
}
console.log(`within the budget of ${budgetKb} kB gzip`);

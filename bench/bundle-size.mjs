// Gzip size of the JavaScript a browser downloads to show /sign-in: the entry chunk, its static imports,
// and the lazy sign-in route with its static imports. Run `npm run build` first.
// Usage: node bench/bundle-size.mjs [route-module] [--budget KiB]  (default route: sign-in; budget 200 KiB gzip)
// Exits 1 when the gzip total is over the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget');
const budgetKiB = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 200;
const route = args[0] ?? 'src/features/auth/routes/sign-in.tsx';

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) collect(imp);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entry);
if (!manifest[route]) throw new Error(`${route} is not a chunk in the manifest`);
collect(route);

let raw = 0;
let gz = 0;
for (const file of files) {
  const buf = readFileSync(new URL(file, dist));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
console.log(
  `${route}: ${files.size} JS files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
);
if (gz / 1024 > budgetKiB) {
  console.error(`over the budget of ${budgetKiB} KiB gzip`);
  process.exit(1);
}
console.log(`within the budget of ${budgetKiB} KiB gzip`);

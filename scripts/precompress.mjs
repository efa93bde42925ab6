// Writes a Brotli (highest quality, 11) and a gzip (level 9) copy beside every compressible file of a built
// front end's hashed-asset folder: `app.js` gets `app.js.br` and `app.js.gz`. The server sends these as they
// are (decision 035, @fastify/static's preCompressed), so a browser gets the smallest encoding it accepts
// without the server compressing the same file again on every request, and at a quality too slow to reach
// on the fly. A copy that is not smaller than its file is not written; files under 1 KiB are left alone (the
// server's threshold for compressing at all); source maps too (only developer tools fetch them).
//
//   node scripts/precompress.mjs <folder>...     (the web app: apps/web/dist/assets; the site: dist/client/assets)
//
// `npm run build` runs it after each front end's `vite build`; scripts/test/precompress.test.ts tests it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.html',
  '.txt',
  '.xml',
  '.wasm',
]);
export const MIN_BYTES = 1024;

/** The files of `folder` (recursively) worth a compressed copy. */
export function compressibleFiles(folder) {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((file) => COMPRESSIBLE.has(extname(file)) && statSync(file).isFile())
    .filter((file) => statSync(file).size >= MIN_BYTES);
}

/** Brotli and gzip copies of one file; returns the sizes (0 for a copy not written). */
export async function precompressFile(file) {
  const body = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]:
          extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { raw: body.length, br: 0, gzip: 0 };
  if (br.length < body.length) {
    writeFileSync(`${file}.br`, br);
    sizes.br = br.length;
  }
  if (gz.length < body.length) {
    writeFileSync(`${file}.gz`, gz);
    sizes.gzip = gz.length;
  }
  return sizes;
}

/** Precompresses every compressible file of the folders, a few at a time (zlib works on its thread pool). */
export async function precompress(folders) {
  const files = folders.flatMap((folder) => compressibleFiles(folder));
  const totals = { files: files.length, raw: 0, br: 0, gzip: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const sizes = await precompressFile(files[next++]);
      totals.raw += sizes.raw;
      totals.br += sizes.br || sizes.raw;
      totals.gzip += sizes.gzip || sizes.raw;
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folders = process.argv.slice(2);
  if (folders.length === 0) {
    console.error('Usage: node scripts/precompress.mjs <folder>...');
    process.exit(1);
  }
  const started = performance.now();
  const t = await precompress(folders);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `precompressed ${t.files} files in ${folders.join(', ')}: ${kib(t.raw)} raw, ${kib(t.br)} br, ` +
      `${kib(t.gzip)} gzip (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

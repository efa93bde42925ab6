import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../precompress.mjs';

// A built front end's assets folder in a temporary folder, precompressed as `npm run build` does.
let dir: string;
const text = (lines: number) =>
  Array.from(
    { length: lines },
    (_, i) => `.rule-${i} { color: #${(i * 4099).toString(16).padStart(6, '0')}; }\n`,
  ).join('');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hirecast-precompress-'));
  mkdirSync(join(dir, 'nested'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes Brotli and gzip copies of the same bytes beside each compressible file, nested ones too', async () => {
    writeFileSync(join(dir, 'app-1.js'), text(200));
    writeFileSync(join(dir, 'nested', 'style-2.css'), text(100));
    const totals = await precompress([dir]);
    expect(totals.files).toBe(2);
    for (const file of [join(dir, 'app-1.js'), join(dir, 'nested', 'style-2.css')]) {
      const raw = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(raw)).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(raw)).toBe(true);
    }
    expect(totals.br).toBeLessThan(totals.gzip);
    expect(totals.gzip).toBeLessThan(totals.raw);
  });

  it('leaves small files, source maps, images and fonts alone', async () => {
    writeFileSync(join(dir, 'tiny-3.js'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'app-1.js.map'), text(200));
    writeFileSync(join(dir, 'font-4.woff2'), text(200));
    const totals = await precompress([dir]);
    expect(totals.files).toBe(0);
    for (const name of ['tiny-3.js', 'app-1.js.map', 'font-4.woff2'])
      expect([existsSync(join(dir, `${name}.br`)), existsSync(join(dir, `${name}.gz`))]).toEqual([
        false,
        false,
      ]);
  });

  it('keeps no copy that is not smaller than the file', async () => {
    // Random bytes do not compress.
    writeFileSync(join(dir, 'noise-5.wasm'), randomBytes(4096));
    await precompress([dir]);
    expect(existsSync(join(dir, 'noise-5.wasm.br'))).toBe(false);
    expect(existsSync(join(dir, 'noise-5.wasm.gz'))).toBe(false);
  });
});

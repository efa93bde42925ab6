import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../../src/lib/storage/local-disk.ts';
import { sha256 } from '../../support/assets-support.ts';

// The streaming half of TStorage on the embedded driver: files in and out without whole-object buffers.
// The S3 driver's counterpart runs against a local S3 server in storage-s3.test.ts.
const root = mkdtempSync(join(tmpdir(), 'hirecast-store-'));
const work = mkdtempSync(join(tmpdir(), 'hirecast-files-'));
const storage = createLocalDiskStorage({ root, secret: 'x'.repeat(32), publicUrl: 'http://localhost:3000' });
const newKey = (ext = 'mp4') => `uploads/${randomUUID()}/${randomUUID()}.${ext}`;

describe('local disk putFile and download', () => {
  it('stores a file byte for byte with its content type, and downloads it to another file', async () => {
    const bytes = randomBytes(3_000_000);
    const source = join(work, 'source.mp4');
    writeFileSync(source, bytes);
    const key = newKey();
    await storage.putFile({ key, file: source, contentType: 'video/mp4' });

    // The source is copied, not moved, and nothing is left in the store's temporary folder.
    expect(existsSync(source)).toBe(true);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    expect((await storage.head(key))?.size).toBe(bytes.length);
    expect(JSON.parse(readFileSync(join(root, `${key}.meta`), 'utf8'))).toEqual({
      contentType: 'video/mp4',
    });

    const target = join(work, 'downloaded.mp4');
    expect(await storage.download(key, target)).toBe(true);
    expect(sha256(readFileSync(target))).toBe(sha256(bytes));
  });

  it('answers false for a missing object and leaves no file behind', async () => {
    const target = join(work, 'missing.mp4');
    expect(await storage.download(newKey(), target)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a key that is not one of ours', async () => {
    const source = join(work, 'small.bin');
    writeFileSync(source, 'x');
    await expect(
      storage.putFile({ key: 'uploads/../../etc/passwd', file: source, contentType: 'text/plain' }),
    ).rejects.toThrow(/invalid storage key/);
    expect(await storage.download('../outside', join(work, 'outside'))).toBe(false);
  });
});

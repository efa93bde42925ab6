// The streaming upload against a real tus server (@tus/server with the file store the product uses locally),
// behind a gate that can drop every connection, as a lost network would.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStreamingUpload, UploadRefusedError, type TStreamingStatus } from '../src/streaming-upload.ts';
import { createTakeBuffer } from '../src/take-buffer.ts';

let dir: string;
let http: HttpServer;
let endpoint: string;
let down = false;
let patches: number[] = [];
const sockets = new Set<Socket>();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recorder-tus-'));
  const tus = new Server({
    path: '/files',
    datastore: new FileStore({ directory: dir }),
    maxSize: 2 * 1024 * 1024,
    onUploadCreate: async (_req, upload) => {
      if (upload.metadata?.filetype !== 'video/webm')
        throw { status_code: 415, body: 'Not a video we can take.' };
      return {};
    },
  });
  down = false;
  patches = [];
  http = createServer((req, res) => {
    // A dropped network: the request never gets an answer.
    if (down) return req.socket.destroy();
    if (req.method === 'PATCH') patches.push(Number(req.headers['content-length'] ?? -1));
    void tus.handle(req, res);
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/files`;
});

afterEach(async () => {
  sockets.forEach((s) => s.destroy());
  await new Promise((resolve) => http.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Resolves once `check` holds (the test's own timeout bounds it). */
async function waitFor(check: () => boolean) {
  while (!check()) await sleep(20);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bytes = (n: number, seed: number) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + seed) % 251;
  return out;
};

describe('startStreamingUpload', () => {
  it(
    'sends the take while it is recorded, so Stop leaves only the last moments',
    { timeout: 30_000 },
    async () => {
      const take = createTakeBuffer({ flushAfterMs: 50 });
      const statuses: TStreamingStatus[] = [];
      let mostlyStored: () => void = () => undefined;
      const beforeStop = new Promise<void>((resolve) => (mostlyStored = resolve));
      const upload = startStreamingUpload({
        take,
        endpoint,
        metadata: { filename: 'answer.webm', filetype: 'video/webm' },
        chunkSize: 64 * 1024,
        onStatus: (s) => statuses.push(s),
        onProgress: (n) => {
          if (n >= 180_000) mostlyStored();
        },
      });
      const sent: Uint8Array[] = [];
      for (let i = 0; i < 10; i++) {
        const chunk = bytes(20_000, i);
        sent.push(chunk);
        take.append(new Blob([chunk]));
        await sleep(60);
      }
      // Before Stop, most of the take reaches the server (nothing waits for the end of the take).
      await beforeStop;
      const last = bytes(5000, 99);
      sent.push(last);
      take.append(new Blob([last]));
      take.finish();
      const id = await upload.done;
      expect(statuses.at(-1)).toBe('done');
      expect(patches.length).toBeGreaterThan(2);
      const onDisk = new Uint8Array(await readFile(join(dir, id)));
      expect(onDisk).toEqual(new Uint8Array(Buffer.concat(sent)));
    },
  );

  it('keeps the take through a lost connection and finishes with every byte', async () => {
    const take = createTakeBuffer({ flushAfterMs: 50 });
    const statuses: TStreamingStatus[] = [];
    const upload = startStreamingUpload({
      take,
      endpoint,
      metadata: { filename: 'answer.webm', filetype: 'video/webm' },
      chunkSize: 32 * 1024,
      onStatus: (s) => statuses.push(s),
    });
    const sent: Uint8Array[] = [];
    const record = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const chunk = bytes(10_000, i);
        sent.push(chunk);
        take.append(new Blob([chunk]));
        await sleep(40);
      }
    };
    await record(0, 5);
    down = true;
    sockets.forEach((s) => s.destroy());
    await record(5, 15); // recording goes on while nothing reaches the server
    await waitFor(() => statuses.includes('waiting'));
    down = false;
    await record(15, 20);
    take.finish();
    const id = await upload.done;
    const onDisk = new Uint8Array(await readFile(join(dir, id)));
    expect(onDisk.length).toBe(200_000);
    expect(onDisk).toEqual(new Uint8Array(Buffer.concat(sent)));
  });

  it('ends with the server’s words when it refuses the upload', async () => {
    const take = createTakeBuffer({ flushAfterMs: 50 });
    take.append(new Blob([bytes(100, 1)]));
    const upload = startStreamingUpload({
      take,
      endpoint,
      metadata: { filename: 'answer.mkv', filetype: 'video/x-matroska' },
    });
    const err = await upload.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadRefusedError);
    expect((err as UploadRefusedError).message).toBe('Not a video we can take.');
  });

  it('stops waiting for data when the take is dropped', async () => {
    const take = createTakeBuffer({ flushAfterMs: 50 });
    const upload = startStreamingUpload({
      take,
      endpoint,
      metadata: { filename: 'answer.webm', filetype: 'video/webm' },
    });
    take.append(new Blob([bytes(100, 2)]));
    await sleep(200);
    upload.abort();
    await expect(upload.done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('is cancelled when dropped before the upload client has loaded, and sends nothing', async () => {
    let requests = 0;
    http.prependListener('request', () => (requests += 1));
    const take = createTakeBuffer({ flushAfterMs: 50 });
    take.append(new Blob([bytes(100, 3)]));
    const upload = startStreamingUpload({
      take,
      endpoint,
      metadata: { filename: 'answer.webm', filetype: 'video/webm' },
    });
    // At once: the client's module is still being imported (a loaded machine took over 200 ms for it).
    upload.abort();
    await expect(upload.done).rejects.toMatchObject({ name: 'AbortError' });
    await sleep(300);
    expect(requests).toBe(0);
  });
});

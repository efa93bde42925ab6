// The employer's reads of a benchmark, in a thread of their own: the benchmark's main thread sends the candidates'
// uploads (hundreds of MB within seconds), and reads issued from that thread would wait behind it and count the
// bench's own delay as the server's. workerData: { base, headers, paths, readers, readEvery }. Each reader reads
// the paths in turn, one every `readEvery` ms on a fixed schedule (staggered between readers), and a read's time
// counts from when it was due, so a slow answer that delays the next read shows in that read too (no coordinated
// omission); `readEvery` 0 reads again as soon as the answer is in. Stops at the message 'stop' and posts
// { reads: ms[], errors: string[] }.
import { parentPort, workerData } from 'node:worker_threads';

const { base, headers, paths, readers, readEvery } = workerData;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let reading = true;
parentPort.once('message', () => (reading = false));

const reads = [];
const errors = [];
const read = async (path) => {
  const res = await fetch(`${base}${path}`, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) errors.push(`read ${path}: ${res.status}`);
};
// A warm-up read of each path, not counted.
for (const path of paths) await read(path);
parentPort.postMessage('ready');
await Promise.all(
  Array.from({ length: readers }, async (_, r) => {
    const first = performance.now() + (r * readEvery) / readers;
    for (let i = 0; reading; i++) {
      const due = readEvery > 0 ? first + i * readEvery : performance.now();
      if (due > performance.now()) await sleep(due - performance.now());
      if (!reading) break;
      await read(paths[(i + r) % paths.length]).catch((err) => errors.push(`read: ${err}`));
      reads.push(performance.now() - due);
    }
  }),
);
parentPort.postMessage({ reads, errors });

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/helper.ts';
import type { TJobContext } from '../../../src/lib/queue/queue.ts';

// The pg-boss queue itself: delivery, retries with backoff, and what the API process runs by default.
describe('job queue', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const attempts: { assetId: string; job: TJobContext; at: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ QUEUE_INPROCESS: 'false' });
    await t.app.ctx.queue.work('video.process', async (data, job) => {
      attempts.push({ assetId: data.assetId, job, at: Date.now() });
      if (data.assetId === 'flaky' && job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
    });
  });
  afterAll(async () => t?.close());

  const until = async (check: () => boolean, timeoutMs = 25_000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('delivers a sent job to a worker once', async () => {
    const id = await t.app.ctx.queue.send('video.process', { assetId: 'once' });
    await until(() => attempts.some((a) => a.assetId === 'once'));
    await new Promise((r) => setTimeout(r, 1500));
    const runs = attempts.filter((a) => a.assetId === 'once');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.job).toMatchObject({ id, attempt: 1, isLastAttempt: false });
  });

  it('retries a failing job with growing delays, telling the handler which attempt it is', async () => {
    await t.app.ctx.queue.send('video.process', { assetId: 'flaky' });
    await until(() => attempts.filter((a) => a.assetId === 'flaky').length === 3);
    const runs = attempts.filter((a) => a.assetId === 'flaky');
    expect(runs.map((r) => r.job.attempt)).toEqual([1, 2, 3]);
    expect(runs.every((r) => r.job.id === runs[0]!.job.id)).toBe(true);
    // Backoff from a 2 s base: each retry waits at least a second.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(1000);
  });
});

describe('queue wiring', () => {
  it('gives the API context a queue and stops it with the app', async () => {
    const t = await createTestApp();
    expect(typeof t.app.ctx.queue.send).toBe('function');
    const id = await t.app.ctx.queue.send('video.process', {
      assetId: '00000000-0000-4000-8000-000000000000',
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await t.close();
    await expect(t.app.ctx.queue.stop()).resolves.toBeUndefined();
  });
});

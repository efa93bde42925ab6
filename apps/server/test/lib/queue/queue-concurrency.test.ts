import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/helper.ts';

// Decision 039: a queue runs `concurrency` jobs at once in a process, at most `perGroup` of one group's (what
// `send` was given), so one group's burst always leaves slots to the others. Real pg-boss (PGlite, or
// PostgreSQL with DATABASE_URL); the handlers hold their jobs until the test lets them go, so what runs at
// once is seen, not guessed.
describe('job queue concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const running = new Map<string, string>(); // job id → group
  const started: { id: string; group: string; at: number }[] = [];
  const ended: { id: string; group: string; at: number }[] = [];
  let most = 0;
  const mostPerGroup = new Map<string, number>();
  const holds = new Map<string, () => void>();
  const groupOf = (assetId: string) => assetId.split(':')[0]!;

  beforeAll(async () => {
    t = await createTestApp({ QUEUE_INPROCESS: 'false' });
    await t.app.ctx.queue.work(
      'video.process',
      async ({ assetId }, job) => {
        const group = groupOf(assetId);
        running.set(job.id, group);
        started.push({ id: assetId, group, at: Date.now() });
        most = Math.max(most, running.size);
        const ofGroup = [...running.values()].filter((g) => g === group).length;
        mostPerGroup.set(group, Math.max(mostPerGroup.get(group) ?? 0, ofGroup));
        await new Promise<void>((resolve) => holds.set(assetId, resolve));
        running.delete(job.id);
        ended.push({ id: assetId, group, at: Date.now() });
      },
      { concurrency: 3, perGroup: 2 },
    );
  });
  afterAll(async () => {
    for (const release of holds.values()) release();
    await t?.close();
  });

  const until = async (check: () => boolean, timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("runs up to `concurrency` jobs at once, never more, and leaves a slot of one group's burst to another", async () => {
    const { queue } = t.app.ctx;
    // Group a sends five (a burst), then group b one.
    for (let i = 1; i <= 5; i++) await queue.send('video.process', { assetId: `a:${i}` }, { group: 'a' });
    await queue.send('video.process', { assetId: 'b:1' }, { group: 'b' });

    // Two of a's and b's one run at once, while a's first two are still held: b did not wait for a's burst.
    await until(() => running.size === 3);
    expect(started.filter((s) => s.group === 'a')).toHaveLength(2);
    expect(started.filter((s) => s.group === 'b').map((s) => s.id)).toEqual(['b:1']);
    expect(ended).toEqual([]);
    // And nothing more starts while the three are held (the loops poll every second).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(started).toHaveLength(3);

    // Let them go one by one: a freed slot of a's goes to a's next one; b's, when it frees, is not a's to take
    // beyond two at once.
    while (ended.length < 6) {
      const next = [...holds.entries()][0];
      if (!next) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      holds.delete(next[0]);
      next[1]();
      await until(() => ended.some((e) => e.id === next[0]));
    }
    expect(most).toBe(3);
    expect(mostPerGroup.get('a')).toBe(2);
    expect(started.map((s) => s.id).sort()).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5', 'b:1']);
  }, 60_000);

  it('runs jobs sent without a group on any free slot, up to `concurrency`', async () => {
    const { queue } = t.app.ctx;
    const before = started.length;
    for (let i = 1; i <= 4; i++) await queue.send('video.process', { assetId: `none${i}:1` });
    await until(() => running.size === 3);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(started.length - before).toBe(3);
    expect(most).toBe(3);
    const releaseAll = () => {
      for (const [id, release] of holds) {
        holds.delete(id);
        release();
      }
    };
    releaseAll();
    await until(() => started.length - before === 4);
    releaseAll();
    await until(() => running.size === 0);
  }, 60_000);
});

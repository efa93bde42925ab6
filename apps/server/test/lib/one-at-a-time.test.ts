import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../src/lib/one-at-a-time.ts';

// The per-key queue withJobCounters starts a job's counter transactions through (sharing/rollup.ts).
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('runs the calls of one key one after the other, in the order they came', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => run('job-1', work(name))));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs calls of other keys at once', async () => {
    const run = oneAtATime();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = run('job-1', () => held.then(() => 'first'));
    // job-2 does not wait for job-1's work, which waits for this one to end.
    const other = await run('job-2', async () => 'other');
    expect(other).toBe('other');
    release();
    expect(await first).toBe('first');
  });

  it('lets the next call run when one fails, and passes the failure to its caller', async () => {
    const run = oneAtATime();
    const failed = run('job-1', async () => {
      await tick();
      throw new Error('deadlock detected');
    });
    const next = run('job-1', async () => 'next');
    await expect(failed).rejects.toThrow('deadlock detected');
    expect(await next).toBe('next');
  });
});

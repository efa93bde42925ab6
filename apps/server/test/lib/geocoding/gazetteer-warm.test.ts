import { describe, expect, it } from 'vitest';
import { createGazetteer } from '../../../src/lib/geocoding/gazetteer.ts';

// Issue 17 item 2: the index is built once, in a worker thread, from warm() at start-up or from the first
// search, which shares the same build; once it is built, lookups answer from it without another build.
describe('the offline gazetteer, warmed in the background', () => {
  it('builds the index off the main thread and then answers lookups at once', async () => {
    const gazetteer = createGazetteer();
    // The build runs in a worker: this thread spends little CPU while it goes on. Its own CPU time
    // (process.threadCpuUsage, this thread only) does not grow when the machine is busy, as wall-clock
    // measures do: a loaded CI machine read an event-loop utilisation of 0.97 once, with the worker's
    // outcome unknown. The build's outcome is now reported, with the worker's error if it failed.
    const cpuBefore = process.threadCpuUsage();
    const warming = gazetteer.warm();
    const early = gazetteer.search('Manc', { limit: 10, bias: 'GB' });
    expect(await warming).toEqual({ builtIn: 'worker' });
    const cpu = process.threadCpuUsage(cpuBefore);
    const mainThreadMs = (cpu.user + cpu.system) / 1000;
    // Measured: about 90 ms here (starting the worker, receiving the index) against about 940 ms for a build on
    // this thread.
    expect(mainThreadMs).toBeLessThan(400);
    // A search sent during the build waited for it, and answered from the same index.
    expect((await early)[0]).toMatchObject({ city: 'Manchester', countryCode: 'GB' });

    // Once built, lookups answer from that index: none starts another build. A build costs this thread about
    // 90 ms of CPU in the worker's case and about 940 ms on this thread, against a few ms for a lookup. This
    // thread's CPU time is counted, not wall-clock time, which a busy machine stretches (a 50 ms wall-clock
    // bound on the slowest lookup failed once under CI load). Measured: about 11 ms for these eight lookups.
    const lookupsBefore = process.threadCpuUsage();
    for (const q of ['Leeds', 'Bristol', 'New', 'Saint', 'Lon', 'Glasg', 'Cardiff, uk', 'Berl']) {
      const results = await gazetteer.search(q, { limit: 10, bias: 'GB' });
      expect(results.length).toBeGreaterThan(0);
    }
    const lookups = process.threadCpuUsage(lookupsBefore);
    expect((lookups.user + lookups.system) / 1000).toBeLessThan(400);
    // And warming again reuses the index rather than building it again.
    expect(await gazetteer.warm()).toEqual({ builtIn: 'worker' });
  }, 60_000);

  it('shares one build between concurrent first searches, and works without a worker', async () => {
    const inThread = createGazetteer({ inWorker: false });
    const [a, b] = await Promise.all([
      inThread.search('Leeds', { limit: 3, bias: 'GB' }),
      inThread.search('Leeds', { limit: 3, bias: 'GB' }),
    ]);
    expect(a).toEqual(b);
    expect(a[0]).toMatchObject({ city: 'Leeds', countryCode: 'GB' });
    expect(await inThread.warm()).toEqual({ builtIn: 'main thread' });
  }, 60_000);
});

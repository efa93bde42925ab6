// Shared by the benchmarks: percentiles of timings.

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Runs `fn` `iterations` times after up to 10 warm-up runs: p50 and p95 in ms. */
export async function measure(fn, iterations) {
  for (let i = 0; i < Math.min(10, iterations); i++) await fn();
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

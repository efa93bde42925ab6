import { createEmptyDatabase } from '@hirecast/db/test-database';

// Shared by the benchmarks on PostgreSQL: a fresh database of their own on the server DATABASE_URL names
// (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards.

/** A new database `hc_bench_<name>_…` on the server: its `name`, `url`, and `drop()`. */
export function createBenchDatabase(name) {
  return createEmptyDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    `hc_bench_${name}`,
  );
}

/**
 * Runs work one key at a time in this process: calls with the same key wait for the ones before them, in the
 * order they came; calls with other keys run at once. For transactions that PostgreSQL would run one after the
 * other anyway (they write the same rows): waiting here rather than in the database keeps them from holding the
 * process's pooled connections while they wait, so a burst of them leaves connections for everything else. It
 * holds no state another process needs: each process guards its own pool.
 */
export function oneAtATime() {
  const last = new Map<string, Promise<void>>();
  return async function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = last.get(key);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    last.set(key, mine);
    try {
      await before;
      return await work();
    } finally {
      done();
      if (last.get(key) === mine) last.delete(key);
    }
  };
}

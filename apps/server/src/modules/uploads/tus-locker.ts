import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { TDb } from '@hirecast/db/client';
import { uploadLocks } from '@hirecast/db/schema';

// The tus server locks an upload while one request reads or writes it. Its default locker is a Map in one
// process; with several API processes the next chunk of an upload may reach another one, so the lock is a
// lease in the database (decision 015): taken by an upsert that only wins over an expired lease, renewed while
// held, deleted on release. A process that dies leaves its leases to expire. A request that finds the upload
// locked asks the holder to let go (tus: the client gave up on the old request), through the row when the
// holder is another process.

export type TLockerOptions = {
  /** How long a lease lasts without renewal: how long a dead process's lock blocks its upload. */
  leaseMs?: number;
  /** How often a holder renews its lease and looks for a request to let go. */
  renewMs?: number;
  /** How long a request waits for a lock before it gives up (the tus server answers 500 then). */
  acquireTimeoutMs?: number;
  pollMs?: number;
};

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

export type TDatabaseLocker = Locker & {
  /**
   * Asks every request of this process that holds a lock to let go (a shutdown): the tus server ends each one
   * at the bytes it saved (after its lock drain timeout) and releases its lock, so the client resumes elsewhere.
   */
  releaseAll: () => Promise<void>;
};

export function createDatabaseLocker(db: TDb, options: TLockerOptions = {}): TDatabaseLocker {
  // The lease is half the wait: a request that finds a dead process's lock still gets it before it gives up.
  const { leaseMs = 15_000, renewMs = 2_000, acquireTimeoutMs = 30_000, pollMs = 100 } = options;
  // The locks this process holds, so a request here can ask a holder here to let go without a round trip.
  const heldHere = new Map<string, { token: string; requestRelease: RequestRelease }>();

  const tryTake = async (uploadId: string, token: string) => {
    const rows = await db
      .insert(uploadLocks)
      .values({ uploadId, holder: token, expiresAt: sql`now() + ${interval(leaseMs)}` })
      .onConflictDoUpdate({
        target: uploadLocks.uploadId,
        set: { holder: token, expiresAt: sql`excluded.expires_at`, releaseRequested: null },
        setWhere: sql`${uploadLocks.expiresAt} <= now()`,
      })
      .returning({ holder: uploadLocks.holder });
    return rows[0]?.holder === token;
  };

  const askToRelease = async (uploadId: string) => {
    const local = heldHere.get(uploadId);
    if (local) return void (await local.requestRelease());
    await db
      .update(uploadLocks)
      .set({ releaseRequested: sql`now()` })
      .where(and(eq(uploadLocks.uploadId, uploadId), isNull(uploadLocks.releaseRequested)));
  };

  const newLock = (uploadId: string): Lock => {
    const token = randomUUID();
    let renewal: NodeJS.Timeout | undefined;
    let released = false;

    const renew = async (requestRelease: RequestRelease) => {
      const [row] = await db
        .update(uploadLocks)
        .set({ expiresAt: sql`now() + ${interval(leaseMs)}` })
        .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, token)))
        .returning({ releaseRequested: uploadLocks.releaseRequested });
      // Asked to let go, or the lease was lost (this process stalled past it): end the request.
      if ((!row || row.releaseRequested) && !released) {
        released = true;
        await requestRelease();
      }
    };

    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = false;
        while (!(await tryTake(uploadId, token))) {
          if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (!asked) {
            asked = true;
            await askToRelease(uploadId);
          }
          await sleep(pollMs);
        }
        heldHere.set(uploadId, { token, requestRelease });
        renewal = setInterval(() => {
          renew(requestRelease).catch(() => {
            // The next renewal tries again; the lease outlives a few failed ones.
          });
        }, renewMs).unref();
      },
      async unlock() {
        released = true;
        clearInterval(renewal);
        if (heldHere.get(uploadId)?.token === token) heldHere.delete(uploadId);
        await db
          .delete(uploadLocks)
          .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, token)));
      },
    };
  };
  const releaseAll = async () => {
    await Promise.all([...heldHere.values()].map(({ requestRelease }) => requestRelease()));
  };
  return { newLock, releaseAll };
}

/** Removes leases that expired an hour ago or more (left by processes that died holding them). */
export async function sweepUploadLocks(db: TDb) {
  await db.delete(uploadLocks).where(lt(uploadLocks.expiresAt, sql`now() - interval '1 hour'`));
}

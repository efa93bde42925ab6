import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { uploadLocks } from '@hirecast/db/schema';
import { createTestDatabase } from '@hirecast/db/test-database';
import { createDatabaseLocker } from '../../../src/modules/uploads/tus-locker.ts';
import { testConfig } from '../../support/test-config.ts';

// Decision 015: the tus lock of an upload is a lease in the database. Two lockers stand for two processes.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase(testConfig.databaseUrl);
});
afterAll(() => database.close());

const signal = () => new AbortController().signal;
let n = 0;
const uploadId = () => `upload-${++n}`;

describe('upload locks shared by processes', () => {
  it('a second process waits for the lock, asks the holder to let go, and gets it once released', async () => {
    const a = createDatabaseLocker(database.db, { renewMs: 50 });
    const b = createDatabaseLocker(database.db, { renewMs: 50 });
    const id = uploadId();
    const held = a.newLock(id);
    let asked = 0;
    await held.lock(signal(), () => void (asked += 1));

    let gotIt = false;
    const waiting = b
      .newLock(id)
      .lock(signal(), () => {})
      .then(() => (gotIt = true));
    // The holder hears the request at its next renewal, through the row.
    await expect.poll(() => asked, { timeout: 5000 }).toBe(1);
    expect(gotIt).toBe(false);
    await held.unlock();
    await waiting;
    expect(gotIt).toBe(true);
  });

  it('a lock of a process that died is taken once its lease has run out', async () => {
    // No renewal within the test: the holder "died" right after locking.
    const dead = createDatabaseLocker(database.db, { leaseMs: 300, renewMs: 60_000 });
    const alive = createDatabaseLocker(database.db, { acquireTimeoutMs: 5000 });
    const id = uploadId();
    await dead.newLock(id).lock(signal(), () => {});
    const started = Date.now();
    await alive.newLock(id).lock(signal(), () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('gives up with the lock timeout when the holder keeps it, and when the request goes away', async () => {
    const a = createDatabaseLocker(database.db, { renewMs: 50 });
    const b = createDatabaseLocker(database.db, { acquireTimeoutMs: 300 });
    const id = uploadId();
    const held = a.newLock(id);
    await held.lock(signal(), () => {});
    await expect(b.newLock(id).lock(signal(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const gone = new AbortController();
    const attempt = b.newLock(id).lock(gone.signal, () => {});
    gone.abort();
    await expect(attempt).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    const rows = await database.db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, id));
    expect(rows).toEqual([]);
  });

  it('two requests in one process exclude each other too', async () => {
    const locker = createDatabaseLocker(database.db);
    const id = uploadId();
    const order: string[] = [];
    const first = locker.newLock(id);
    let released = false;
    await first.lock(signal(), () => void (released = true));
    const second = locker
      .newLock(id)
      .lock(signal(), () => {})
      .then(() => order.push('second'));
    await expect.poll(() => released).toBe(true);
    order.push('first done');
    await first.unlock();
    await second;
    expect(order).toEqual(['first done', 'second']);
  });
});

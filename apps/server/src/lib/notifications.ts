import type TPg from 'pg';
import type { TDbHandle } from '@hirecast/db/client';

// PostgreSQL NOTIFY heard by this process, from any process: a wake-up for a loop that otherwise polls (the
// webhook relay wakes when an event is committed, decision 037). One listening connection per process, opened
// with the first listener and reopened after a drop; on the embedded database PGlite's in-process listener.
// A notification may be missed (the connection was down): listeners also poll, and after a reconnect every
// listener is called once, so what was announced meanwhile is looked at without waiting for the poll.

export type TNotifications = {
  /** Calls `fn` (without the payload) on every notification on `channel` until the returned function is called. */
  listen: (channel: string, fn: () => void) => () => void;
  close: () => Promise<void>;
};

const RECONNECT_MS = 1_000;

export function createNotifications(database: Pick<TDbHandle, 'kind' | 'url' | 'pglite'>): TNotifications {
  const listeners = new Map<string, Set<() => void>>();
  const call = (channel: string) => {
    for (const fn of listeners.get(channel) ?? []) fn();
  };
  let closed = false;
  let client: TPg.Client | null = null;
  let connecting: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const pgliteStops = new Map<string, Promise<() => Promise<void>>>();

  const connect = async () => {
    if (closed) return;
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: database.url });
    c.on('error', () => {});
    c.on('notification', (n) => call(n.channel));
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (!closed) retry = setTimeout(() => void (connecting = connect()), RECONNECT_MS);
    });
    try {
      await c.connect();
      for (const channel of listeners.keys()) await c.query(`listen "${channel}"`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      // Whatever was announced while no connection listened.
      for (const channel of listeners.keys()) call(channel);
    } catch {
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void (connecting = connect()), RECONNECT_MS);
    }
  };

  const listenOn = (channel: string) => {
    if (database.kind === 'pglite') {
      pgliteStops.set(
        channel,
        database.pglite!.listen(channel, () => call(channel)),
      );
      return;
    }
    if (!connecting) connecting = connect();
    else void connecting.then(() => client?.query(`listen "${channel}"`).catch(() => {}));
  };

  return {
    listen(channel, fn) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        if (!closed) listenOn(channel);
      }
      set.add(fn);
      return () => void set.delete(fn);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      await c?.end().catch(() => {});
      for (const stop of pgliteStops.values()) await (await stop.catch(() => null))?.();
    },
  };
}

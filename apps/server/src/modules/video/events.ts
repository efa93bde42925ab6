import { sql } from 'drizzle-orm';
import type TPg from 'pg';
import type { TDb, TDbHandle } from '@hirecast/db/client';
import { ZTemplateStatusEvent, type TTemplateStatusEvent } from '@hirecast/domain/video-template';

// ARCHITECTURE.md "Live updates": a template's status goes out as server-sent events, fanned out across API
// processes by PostgreSQL NOTIFY on one channel (the worker that renders may be another process). On the
// embedded database the same NOTIFY reaches PGlite's in-process listener. Every change is also in the row, so
// a missed notification costs a client only a moment of staleness (it refetches on reconnect).
export const VIDEO_CHANNEL = 'hirecast_video';

type TMessage = { companyId: string; event: TTemplateStatusEvent };

/** Announces a status change to every API process (call it after the change is committed). */
export async function publishTemplateStatus(db: Pick<TDb, 'execute'>, message: TMessage) {
  await db.execute(sql`select pg_notify(${VIDEO_CHANNEL}, ${JSON.stringify(message)})`);
}

export type TVideoEvents = {
  /** Calls `listener` with each status event of the company until the returned function is called. */
  subscribe: (companyId: string, listener: (event: TTemplateStatusEvent) => void) => () => void;
  /** Resolves once this process is listening (the stream says so before its first event). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

function parse(payload: string | undefined): TMessage | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { companyId?: unknown; event?: unknown };
    const event = ZTemplateStatusEvent.safeParse(raw.event);
    return typeof raw.companyId === 'string' && event.success
      ? { companyId: raw.companyId, event: event.data }
      : null;
  } catch {
    return null;
  }
}

/** One listening connection per process, opened with the first subscriber and kept (and reopened) after. */
export function createVideoEvents(database: TDbHandle): TVideoEvents {
  const listeners = new Map<string, Set<(event: TTemplateStatusEvent) => void>>();
  const deliver = (payload: string | undefined) => {
    const message = parse(payload);
    if (!message) return;
    for (const l of listeners.get(message.companyId) ?? []) l(message.event);
  };
  let started = false;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;

  const startPglite = async () => {
    const unlisten = await database.pglite!.listen(VIDEO_CHANNEL, deliver);
    stop = unlisten;
  };

  const startPostgres = async () => {
    const { default: pg } = await import('pg');
    let client: TPg.Client | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client({ connectionString: database.url });
      c.on('error', () => {});
      c.on('notification', (n) => n.channel === VIDEO_CHANNEL && deliver(n.payload));
      c.on('end', () => {
        if (client !== c) return;
        client = null;
        if (!closed) retry = setTimeout(() => void connect(), 1_000);
      });
      try {
        await c.connect();
        await c.query(`listen ${VIDEO_CHANNEL}`);
        if (closed) await c.end();
        else client = c;
      } catch {
        c.end().catch(() => {});
        if (!closed) retry = setTimeout(() => void connect(), 1_000);
      }
    };
    await connect();
    stop = async () => {
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
  };

  let ready: Promise<void> | undefined;
  const start = () => {
    if (started) return ready!;
    started = true;
    ready = database.kind === 'pglite' ? startPglite() : startPostgres();
    return ready;
  };

  return {
    subscribe(companyId, listener) {
      void start();
      let set = listeners.get(companyId);
      if (!set) listeners.set(companyId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(companyId);
      };
    },
    ready: () => start(),
    async close() {
      closed = true;
      await ready?.catch(() => {});
      await stop?.();
    },
  };
}

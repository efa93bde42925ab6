import { COOKIE_AUTH, COOKIE_COMPANY } from '@hirecast/domain/constants';
import type { TTemplateStatusEvent } from '@hirecast/domain/video-template';

/** An open GET /api/video/events as a browser's EventSource makes it: the session and company cookies. */
export async function openEventStream(
  baseUrl: string,
  actor: { token: string; company: { id: string } },
  path = '/api/video/events',
) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    headers: {
      cookie: `${COOKIE_AUTH}=${actor.token}; ${COOKIE_COMPANY}=${actor.company.id}`,
      accept: 'text/event-stream',
    },
    signal: abort.signal,
  });
  const events: TTemplateStatusEvent[] = [];
  let text = '';
  let connected = false;
  const waiters = new Set<() => void>();
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += value;
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        for (const line of block.split('\n')) {
          if (line === ': connected') connected = true;
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as TTemplateStatusEvent);
        }
      }
      for (const w of waiters) w();
    }
  })();
  const waitFor = (check: () => boolean, what: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`));
      }, timeoutMs);
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
    });
  if (res.status === 200) await waitFor(() => connected, 'the stream to be live');
  return {
    res,
    events,
    /** Resolves with the first event (from the start of the stream) that `match` accepts. */
    next: async (match: (e: TTemplateStatusEvent) => boolean, timeoutMs = 10_000) => {
      await waitFor(() => events.some(match), 'an event', timeoutMs);
      return events.find(match)!;
    },
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

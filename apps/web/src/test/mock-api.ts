import { vi } from 'vitest';

export type TCall = { method: string; path: string; body: unknown };
export type THandler = (call: TCall) => { status?: number; body?: unknown } | undefined;

// Answers the API client's fetch calls through `handler`; anything it does not answer is a 404. Every call
// is recorded (path without /api) so a test can assert what was sent. The one helper of the web and the site
// component tests (apps/site references this project for it).
export function mockApi(handler: THandler) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: TCall = {
        method: init?.method ?? 'GET',
        path: String(input).replace(/^\/api/, ''),
        // A file sent as the body itself (a captions upload) is recorded as it is.
        body: init?.body instanceof Blob ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const reply = handler(call) ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
      };
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { TVideoAsset } from '@hirecast/domain/asset';

// Test helpers of the media dialogs (component tests only; e2e uses the real API).

export const makeVideoAsset = (over: Partial<TVideoAsset> = {}): TVideoAsset => ({
  _id: 'a-1',
  _company: 'co-1',
  _owner: 'u-1',
  type: 0,
  title: 'Welcome',
  fileName: 'welcome.webm',
  status: 'prepared',
  statusReason: null,
  data: { videoMp4Url: '/media/a-1-480.mp4', videoMp4Url_720p: '/media/a-1-720.mp4', image640: null },
  thumbnails: [],
  _tags: [],
  _question: null,
  isStory: false,
  dimension: 'landscape',
  width: 1280,
  height: 720,
  duration: 5,
  exclude: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export type TCall = { method: string; path: string; body: unknown };
type THandler = (call: TCall) => { status?: number; body: unknown } | undefined;

/** Answers fetch through `handler` (unanswered calls are 404s) and records every call. */
export function mockApi(handler: THandler) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: TCall = {
        method: init?.method ?? 'GET',
        path: String(input).replace(/^\/api/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const reply = handler(call) ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastContainer />
    </QueryClientProvider>,
  );
}

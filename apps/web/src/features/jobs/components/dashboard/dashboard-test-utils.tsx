import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompany } from '@hirecast/domain/company';
import { companyQueryKey } from '../../../../lib/company.ts';
import { meQueryKey } from '../../../../lib/me.ts';
import { makeManager } from '../../../../test/fixtures.ts';

// Test data and a fetch stand-in for the jobs dashboard tests (component tests only; e2e uses the real API).

// Jobs come from the shared fixture as they are; re-exported for the dashboard tests.
export { makeJob } from '../../../../test/fixtures.ts';

export const makeMe = (over: Partial<TManager> = {}): TManager =>
  makeManager({
    email: 'ann@northwind.io',
    isUserWasRedirected: true,
    _companies: [],
    _company: 'co-1',
    ...over,
  });

export const makeCompany = (over: Partial<TCompany> = {}): TCompany => ({
  _id: 'co-1',
  name: 'Northwind',
  slug: 'northwind',
  industry: 'Retail',
  description: 'A shop.',
  location: { city: 'Leeds', country: 'United Kingdom' },
  logo: null,
  primaryColor: '#44504B',
  backgroundColor: '#FFFFFF',
  isAgency: false,
  isRedirectJobs: false,
  activeJobs: 0,
  info: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export type TCall = { method: string; path: string; body: unknown };
type THandler = (call: TCall) => { status?: number; body: unknown } | undefined;

// Answers API calls through `handler`; anything it does not answer is a 404. Every call is recorded.
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
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body), { status });
    }),
  );
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {JSON.stringify(location.state ?? null)}
    </p>
  );
}

export function renderWithApp(
  ui: ReactNode,
  {
    me = makeMe(),
    company = makeCompany(),
    path = '/jobs',
  }: { me?: TManager; company?: TCompany; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  client.setQueryData(companyQueryKey(me._company), company);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/jobs" element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

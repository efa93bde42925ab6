import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { TManager } from '@hirecast/domain/auth';
import type { TBillingState } from '@hirecast/domain/billing';
import type { TCompany } from '@hirecast/domain/company';
import { subscriptionQueryKey } from '../../../../lib/billing.ts';
import { companyQueryKey } from '../../../../lib/company.ts';
import { meQueryKey } from '../../../../lib/me.ts';
import { makeBillingState, makeManager } from '../../../../test/fixtures.ts';
import { mockApi, type TCall } from '../../../../test/mock-api.ts';

export { mockApi, type TCall };

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
  agency: null,
  letters: [],
  texauLoading: false,
  activeJobs: 0,
  info: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

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
    billing = makeBillingState(),
  }: { me?: TManager; company?: TCompany; path?: string; billing?: TBillingState } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  client.setQueryData(companyQueryKey(me._company), company);
  client.setQueryData(subscriptionQueryKey(me._company), billing);
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

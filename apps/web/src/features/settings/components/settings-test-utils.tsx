import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompany } from '@hirecast/domain/company';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import { LETTER_KINDS } from '@hirecast/domain/applicants';
import { meQueryKey } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { mockApi, type TCall, type THandler } from '../../../test/mock-api.ts';
import { Component as SettingsPage } from '../routes/settings.tsx';

export { mockApi, type TCall };

// Test data and a render helper for the settings tests (component tests; e2e uses the real API).

export const makeCompany = (over: Partial<TCompany> = {}): TCompany => ({
  _id: 'c1',
  name: 'Acme',
  slug: 'acme',
  industry: 'Technology',
  description: 'We build things.',
  location: { city: 'Leeds', country: 'United Kingdom' },
  logo: null,
  primaryColor: '#44504B',
  backgroundColor: '#FFFFFF',
  isAgency: false,
  isRedirectJobs: false,
  activeJobs: 0,
  info: [{ type: 'website', value: 'https://acme.io' }],
  createdAt: '2026-11-01T10:00:00.000Z',
  agency: null,
  letters: LETTER_KINDS.map((kind) => ({ kind, ...DEFAULT_LETTERS[kind], isDefault: true })),
  texauLoading: false,
  ...over,
});

export const makeMember = (over: Partial<TCompanyTeamMember> = {}): TCompanyTeamMember => ({
  _id: 'mem-1',
  email: 'bob@acme.com',
  type: 0,
  _manager: { firstName: 'Bob', lastName: 'Ray', email: 'bob@acme.com' },
  lastInvitationDate: null,
  isPending: false,
  ...over,
});

/** A settings server: GET company (and team) from the given data; `extra` answers first. */
export function settingsApi(
  {
    company = makeCompany(),
    team = [],
    me,
  }: { company?: TCompany | null; team?: TCompanyTeamMember[]; me?: TManager },
  extra?: THandler,
) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.path === '/company/c1') {
      return company
        ? { body: { data: company } }
        : { status: 500, body: { error: { code: 'INTERNAL', message: 'The company could not be loaded.' } } };
    }
    if (call.method === 'GET' && call.path === '/company/c1/team')
      return { body: { data: { members: team } } };
    if (call.method === 'GET' && call.path === '/manager/me' && me) return { body: { data: me } };
    return undefined;
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

// A data router, as in the app: the settings page asks before leaving with unsaved changes (useBlocker).
export function renderSettings(path = '/settings', me: TManager = makeManager()) {
  session.setCompanyId('c1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            <SettingsPage />
            <LocationProbe />
          </>
        ),
      },
      {
        path: '/jobs',
        element: (
          <>
            <h1>Jobs page</h1>
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

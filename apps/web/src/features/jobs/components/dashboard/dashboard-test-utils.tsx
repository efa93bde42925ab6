import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompany } from '@hirecast/domain/company';
import { DEFAULT_AI_SETTINGS, JOB_DEFAULTS, type TJob } from '@hirecast/domain/job';
import { companyQueryKey } from '../../../../lib/company.ts';
import { meQueryKey } from '../../../../lib/me.ts';

// Test data and a fetch stand-in for the jobs dashboard tests (component tests only; e2e uses the real API).

export const makeJob = (over: Partial<TJob> = {}): TJob => ({
  _id: 'job-1',
  _company: 'co-1',
  shortId: 'abc123',
  title: 'Head Chef',
  status: 'closed',
  publishedAt: null,
  location: { city: 'Leeds', country: 'United Kingdom' },
  postHeading: 'Lead our kitchen',
  description: { ops: [{ insert: 'Cook.\n' }] },
  image: null,
  _video: null,
  employmentType: JOB_DEFAULTS.employmentType,
  locationType: JOB_DEFAULTS.locationType,
  salary: { from: null, to: null, currency: JOB_DEFAULTS.currency, unit: JOB_DEFAULTS.unit },
  isHiringNow: true,
  showOtherJobs: false,
  showAdditionalVideos: false,
  hideLocation: false,
  isAgencyIncluded: false,
  customApplication: false,
  customApplicationURL: null,
  isExternalATSValidation: false,
  isVideoOptional: true,
  videoQuestion: null,
  customQuestion: null,
  aiSettings: DEFAULT_AI_SETTINGS,
  aiDescriptionData: {},
  isFirstJob: false,
  order: 0,
  linkData: { location: 'leeds', title: 'head-chef', companyName: 'northwind' },
  applicantsCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const makeMe = (over: Partial<TManager> = {}): TManager => ({
  _id: 'm1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@northwind.io',
  avatar: null,
  position: null,
  digestType: 'daily',
  calendarLink: null,
  needVerification: false,
  selfInvited: false,
  isUserWasRedirected: true,
  _companies: [],
  _company: 'co-1',
  role: 2,
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

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { compareApplicants, type TApplicantSort } from '@hirecast/domain/applicants';
import type { TApplicant, TApplicationStatus } from '@hirecast/domain/application';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompany } from '@hirecast/domain/company';
import type { TJob } from '@hirecast/domain/job';
import { companyQueryKey } from '../../../lib/company.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { makeJob, makeManager } from '../../../test/fixtures.ts';
import { mockApi, type TCall } from '../../../test/mock-api.ts';

// Test data and a fetch stand-in for the applicants list tests (component tests only; e2e uses the real API).

export { makeJob, makeManager, mockApi, type TCall };

export const makeApplicant = (
  over: Partial<TApplicant> & { name?: string; email?: string } = {},
): TApplicant => {
  const { name = 'Ada Lovelace', email, ...rest } = over;
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    _id: 'a1',
    candidateId: 'cand-1',
    sentAt: '2026-11-03T09:30:00.000Z',
    status: 'new',
    noteCount: 0,
    markAvg: null,
    aiFitScore: null,
    aiFitReasons: null,
    isEmailSent: false,
    screeningProcessDate: null,
    _job: 'job-1',
    _profile: {
      personalInfo: {
        firstName,
        lastName,
        position: null,
        location: null,
        pdfCvUrl: null,
        cvUrl: null,
        cvFileName: null,
        socialNetworkLink: null,
      },
      _user: { email: email ?? `${firstName.toLowerCase()}@example.com` },
      _introduction: null,
      experience: [],
      education: [],
      customQuestion: null,
    },
    ...rest,
  };
};

export const makeCompany = (over: Partial<TCompany> = {}): TCompany => ({
  _id: 'c1',
  name: 'Acme',
  slug: 'acme',
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
  activeJobs: 1,
  info: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

/**
 * A small in-memory server for one job: the job, and the applications list doing what the real endpoint does
 * (status filter, search on name or email, the domain's sort, skip and limit, the per-status statistic).
 */
export function applicantsServer({
  job = makeJob({ _id: 'job-1', _company: 'c1' }),
  applicants = [],
  jobStatus = 200,
  extra,
}: {
  job?: TJob;
  applicants?: TApplicant[];
  jobStatus?: number;
  extra?: (call: TCall) => { status?: number; body: unknown } | undefined;
} = {}) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const url = new URL(call.path, 'http://test');
    if (call.method === 'GET' && url.pathname === `/job/${job._id}`)
      return jobStatus === 200
        ? { body: { data: job } }
        : { status: jobStatus, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    if (call.method === 'GET' && url.pathname === `/job/${job._id}/applications`) {
      const q = url.searchParams;
      const status = q.get('status');
      const search = (q.get('search') ?? '').toLowerCase();
      const matching = applicants
        .filter((a) => !status || a.status === status)
        .filter(
          (a) =>
            !search ||
            `${a._profile.personalInfo.firstName} ${a._profile.personalInfo.lastName}`
              .toLowerCase()
              .includes(search) ||
            a._profile._user.email.includes(search),
        )
        .sort(compareApplicants((q.get('sort') ?? 'newest') as TApplicantSort));
      const skip = Number(q.get('skip') ?? 0);
      const limit = Number(q.get('limit') ?? 10);
      const statistic: Partial<Record<TApplicationStatus, number>> = {};
      for (const a of applicants) statistic[a.status] = (statistic[a.status] ?? 0) + 1;
      return {
        body: {
          data: {
            applicants: matching.slice(skip, skip + limit),
            count: matching.length,
            countExact: true,
            statistic,
          },
        },
      };
    }
    return undefined;
  });
}

/** The list requests made so far, as their query parameters. */
export const listRequests = (calls: TCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path.includes('/applications'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://test').searchParams));

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

export function renderApplicantsPage(
  ui: ReactNode,
  {
    me = makeManager(),
    company = makeCompany(),
    path = '/jobs/job-1/view',
  }: { me?: TManager; company?: TCompany; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  client.setQueryData(companyQueryKey(me._company), company);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/jobs', path]} initialIndex={1}>
        <Routes>
          <Route path="/jobs/:id/view" element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export const currentUrl = (el: HTMLElement) => new URL(el.textContent ?? '', 'http://test');

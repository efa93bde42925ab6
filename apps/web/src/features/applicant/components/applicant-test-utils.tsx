import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { THistoryItem, TNote } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import type { TManager } from '@hirecast/domain/auth';
import type { TJob } from '@hirecast/domain/job';
import { meQueryKey } from '../../../lib/me.ts';
import { makeJob, makeManager } from '../../../test/fixtures.ts';
import { mockApi, type TCall, type THandler } from '../../../test/mock-api.ts';
import type { TMark } from '../api/get-marks.ts';
import { Component as ApplicantPage } from '../routes/applicant-page.tsx';

// Test data and a fetch stand-in for the applicant page tests (component tests only; e2e uses the real API).

export { makeJob, makeManager, type TCall };

export const makeApplicant = (over: Partial<TApplicant> = {}): TApplicant => ({
  _id: 'a1',
  candidateId: 'a1',
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
      firstName: 'Grace',
      lastName: 'Hopper',
      position: 'Sous Chef',
      location: 'Leeds',
      pdfCvUrl: '/files/cv.pdf?sig=1',
      cvUrl: '/files/cv.pdf?sig=1',
      cvFileName: 'grace-cv.pdf',
      socialNetworkLink: 'https://www.linkedin.com/in/grace/',
    },
    _user: { email: 'grace@example.com' },
    _introduction: {
      assetId: '00000000-0000-4000-8000-0000000000a1',
      status: 'prepared',
      question: 'Why do you want this job?',
      data: {
        videoUrl: '/files/intro.webm',
        thumbnailUrl: '/files/intro.jpg',
        customThumbnailUrl: null,
        videoMp4Url: '/files/intro-480.mp4',
        videoMp4Url_720p: '/files/intro-720.mp4',
        image640: '/files/intro-640.webp',
      },
    },
    experience: [
      {
        title: 'Chef de Partie',
        employer: 'The Ivy',
        location: 'remote',
        startDate: '2018-11',
        endDate: '2021-01',
        info: 'Ran the grill.',
      },
    ],
    education: [
      {
        field: 'Culinary Arts',
        school: 'Leeds College',
        degree: 'BA',
        startDate: '2015-09',
        endDate: '2018-06',
      },
    ],
    customQuestion: 'Two years of fine dining',
  },
  ...over,
});

export const makeNote = (over: Partial<TNote> = {}): TNote => ({
  _id: 'n1',
  text: 'Strong knife skills.',
  createdAt: '2026-11-04T10:00:00.000Z',
  isFeedback: false,
  _manager: { _id: 'm1', firstName: 'Ann', lastName: 'Lee', email: 'ann@acme.com' },
  ...over,
});

export const makeMark = (over: Partial<TMark> = {}): TMark => ({
  _id: 'mk1',
  mark: 4,
  _manager: { _id: 'm2', firstName: 'Bo', lastName: 'Chan' },
  ...over,
});

export const makeHistoryItem = (over: Partial<THistoryItem> = {}): THistoryItem => ({
  _id: 'h1',
  createdAt: '2026-11-04T10:00:00.000Z',
  changedBy: 'Ann Lee',
  event: { eventName: 'statusChanged', details: { status: 'shortlisted' }, isLetterSent: false },
  ...over,
});

const ok = (data: unknown, status = 200) => ({ status, body: { data } });

/**
 * A small in-memory server for one application: the job, the applicant, its notes, marks and history, the
 * list the arrows walk, and every change the page can make. `extra` answers first.
 */
export function applicantServer(
  {
    job = makeJob({ _id: 'job-1', title: 'Head Chef', customQuestion: 'Your best dish?' }),
    applicant = makeApplicant(),
    notes = [] as TNote[],
    marks = [] as TMark[],
    history = [] as THistoryItem[],
    list = [applicant],
    me = makeManager(),
  }: {
    job?: TJob | null;
    applicant?: TApplicant;
    notes?: TNote[];
    marks?: TMark[];
    history?: THistoryItem[];
    list?: TApplicant[];
    me?: TManager;
  } = {},
  extra?: THandler,
) {
  const state = { notes: [...notes], marks: [...marks] };
  const base = `/job/job-1/application/${applicant._id}`;
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const url = new URL(call.path, 'http://x');
    const { method } = call;
    const path = url.pathname;
    if (method === 'GET' && path === '/job/job-1')
      return job ? ok(job) : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    if (method === 'GET' && path === `/job/candidate/${applicant._id}`) return ok(applicant);
    if (method === 'GET' && path === '/job/job-1/applications') {
      const skip = Number(url.searchParams.get('skip'));
      const limit = Number(url.searchParams.get('limit'));
      return ok({
        applicants: list.slice(skip, skip + limit),
        count: list.length,
        countExact: true,
        statistic: {},
      });
    }
    if (method === 'GET' && path === `${base}/note`) return ok(state.notes);
    if (method === 'POST' && path === `${base}/note`) {
      const body = call.body as { text: string; isFeedback: boolean };
      const note = makeNote({
        _id: `n${state.notes.length + 10}`,
        ...body,
        createdAt: '2026-11-05T10:00:00.000Z',
        _manager: { _id: me._id, firstName: me.firstName, lastName: me.lastName, email: me.email },
      });
      state.notes.push(note);
      return ok(note, 201);
    }
    if (method === 'DELETE' && path.startsWith(`${base}/note/`)) {
      state.notes = state.notes.filter((n) => !path.endsWith(`/${n._id}`));
      return ok({});
    }
    if (method === 'GET' && path === `${base}/mark`) return ok(state.marks);
    if (method === 'POST' && path === `${base}/mark`) return ok(makeMark({ _id: 'mk-new' }), 201);
    if (method === 'DELETE' && path.startsWith(`${base}/mark/`)) return ok({});
    if (method === 'GET' && path === `/history/application/${applicant._id}`) return ok(history);
    if (method === 'PATCH' && (path === `${base}/status` || path === `${base}/send`)) return ok(applicant);
    if (method === 'PATCH' && path === `${base}/send/letter`) return ok(history[0] ?? {});
    if (method === 'POST' && path === `/history/application/${applicant._id}/communication`) return ok({});
    if (method === 'POST' && path === '/job/job-1/application/send-reengaging') return ok({ sent: 1 });
    if (method === 'DELETE' && path === base)
      return ok({ message: 'The candidate has been successfully deleted.' });
    return undefined;
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderApplicantPage({
  me = makeManager(),
  path = '/applications/job-1/a1/view',
}: { me?: TManager; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/applications/:jobId/:candidateId/view" element={<ApplicantPage />} />
          <Route path="/jobs/:id/view" element={<h1>Applicants list</h1>} />
          <Route path="/jobs" element={<h1>Jobs</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export const viewer = makeManager({ _id: 'm-viewer', role: 0 });

/** The page under `(max-width:600px)`: the phone layout. */
export function stubPhone(phone: boolean) {
  return (media: string) => ({
    matches: phone && media.includes('max-width:600px'),
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

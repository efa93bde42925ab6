import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { meQueryKey } from '../lib/me.ts';
import { session } from '../lib/session.ts';
import { makeManager } from '../test/fixtures.ts';
import { PrivateGuard, PublicOnlyGuard, type TRouteHandle } from './guards.tsx';

const admin = makeManager();

function Page({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}${location.search}`}</p>;
}

const companyNew: TRouteHandle = { allowWithoutCompany: true };

function renderAt(
  url: string,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const router = createMemoryRouter(
    [
      { element: <PublicOnlyGuard />, children: [{ path: '/sign-in', element: <Page name="sign-in" /> }] },
      { path: '/confirm-email', element: <Page name="confirm-email" /> },
      {
        element: <PrivateGuard />,
        children: [
          { path: '/jobs', element: <Page name="jobs" /> },
          { path: '/jobs/:id/view', element: <Page name="applicants" /> },
          { path: '/settings', element: <Page name="settings" /> },
          { path: '/company/new', handle: companyNew, element: <Page name="company-new" /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function answerMe(me: TManager) {
  const fetchMock = vi.fn(async () => Response.json({ data: me }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// Decision 003: nobody signed in is what /manager/session answers, null (the session cookie is out of the
// app's reach); no request fails.
function answerSignedOut() {
  const fetchMock = vi.fn(async () => Response.json({ data: null }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  session.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  localStorage.clear();
});

describe('PrivateGuard', () => {
  it('sends a visitor (the session answer is null) to /sign-in and saves the page with its company value', async () => {
    const fetchMock = answerSignedOut();
    renderAt('/jobs/j1/view?company=c1&viewMode=grid');
    expect(await screen.findByText('sign-in at /sign-in')).toBeInTheDocument();
    expect(session.getRedirect()).toBe('/jobs/j1/view?company=c1');
    expect(fetchMock).toHaveBeenCalledWith('/api/manager/session', expect.anything());
  });

  it('shows a loader, not the page, while me is loading', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('/jobs');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(/jobs at/)).not.toBeInTheDocument();
    answer(Response.json({ data: admin }));
    expect(await screen.findByText('jobs at /jobs')).toBeInTheDocument();
  });

  it('sends a user without companies to /company/new and lets them stay there', async () => {
    answerMe({ ...admin, _companies: [], _company: null, role: null });
    const router = renderAt('/settings');
    expect(await screen.findByText('company-new at /company/new')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company/new');
  });

  it('sends an unverified viewer to /confirm-email', async () => {
    answerMe({ ...admin, role: 0, needVerification: true });
    renderAt('/jobs');
    expect(await screen.findByText('confirm-email at /confirm-email')).toBeInTheDocument();
  });

  it('stores the server’s current company when none is stored, before the page renders', async () => {
    answerMe(admin);
    renderAt('/jobs');
    expect(await screen.findByText('jobs at /jobs')).toBeInTheDocument();
    expect(session.getCompanyId()).toBe('c1');
  });

  it('replaces a stored company the user no longer belongs to', async () => {
    session.setCompanyId('gone');
    answerMe(admin);
    renderAt('/jobs');
    expect(await screen.findByText('jobs at /jobs')).toBeInTheDocument();
    expect(session.getCompanyId()).toBe('c1');
  });
});

describe('PublicOnlyGuard', () => {
  it('shows the page to visitors once me answers 401, and a loader before', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('/sign-in');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(/sign-in at/)).not.toBeInTheDocument();
    answer(Response.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } }, { status: 401 }));
    expect(await screen.findByText('sign-in at /sign-in')).toBeInTheDocument();
  });

  it('sends a signed-in user to the saved redirect once', async () => {
    session.setRedirect('/settings');
    answerMe(admin);
    renderAt('/sign-in');
    expect(await screen.findByText('settings at /settings')).toBeInTheDocument();
    expect(session.getRedirect()).toBeNull();
  });

  it('leaves a sign-in made on the page to the page: no redirect of its own once shown', async () => {
    answerSignedOut();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = renderAt('/sign-in', queryClient);
    expect(await screen.findByText('sign-in at /sign-in')).toBeInTheDocument();
    // The manager arrives as useCompleteSignIn sets it; the form navigates itself (to the saved redirect), so
    // a second navigation from the guard would race it to another page.
    act(() => queryClient.setQueryData(meQueryKey, admin));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByText('sign-in at /sign-in')).toBeInTheDocument();
  });

  it('sends a self-invited user to personal settings', async () => {
    answerMe({ ...admin, selfInvited: true });
    renderAt('/sign-in');
    expect(await screen.findByText('settings at /settings?tab=personal')).toBeInTheDocument();
  });
});

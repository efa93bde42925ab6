import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { meQueryKey } from '../../lib/me.ts';
import { session } from '../../lib/session.ts';
import { makeManager } from '../../test/fixtures.ts';
import { AppShell } from './app-shell.tsx';

const base = makeManager({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.io',
  _companies: [
    { _id: 'c1', name: 'Acme', logo: null, role: 2 },
    { _id: 'c2', name: 'Globex International Holdings Limited', logo: null, role: 1 },
  ],
});

function renderShell(me: TManager) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const router = createMemoryRouter(
    [
      { element: <AppShell />, children: [{ path: '/jobs', element: <p>jobs page</p> }] },
      { path: '/sign-in', element: <p>sign-in page</p> },
    ],
    { initialEntries: ['/jobs'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

// After a company switch the shell refetches /manager/session; everything else answers ok.
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
  Response.json({
    data: url === '/api/manager/session' ? { ...base, _company: 'c2', role: 1 } : { ok: true },
  }),
);
beforeEach(() => {
  session.setCompanyId('c1');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('AppShell navigation', () => {
  it('shows the Employer link to admins only', () => {
    renderShell(base);
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Employer' })).toHaveAttribute('href', '/employer');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides Employer from job managers', () => {
    renderShell({ ...base, role: 1 });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).queryByRole('link', { name: 'Employer' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Content' })).toBeInTheDocument();
  });

  it('has no company navigation without a company', () => {
    renderShell({ ...base, _companies: [], _company: null, role: null });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('Profile menu', () => {
  it('shows name, company and role, and switches company', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(base);
    await user.click(screen.getByRole('button', { name: 'Profile menu for Ada Lovelace' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Acme')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
    // spec 1 §9: truncated at 25 characters in the menu
    const other = within(menu).getByRole('menuitem', { name: 'Globex International Hold… Job Manager' });
    await user.click(other);
    expect(session.getCompanyId()).toBe('c2');
    expect(router.state.location.pathname).toBe('/jobs');
    // the cache is reset: the shell reloads the user under the new company
    await user.click(await screen.findByRole('button', { name: 'Profile menu for Ada Lovelace' }));
    expect(within(screen.getByRole('menu')).getByText('Job Manager')).toBeInTheDocument();
  });

  it('logs out: the server revokes the session and clears its cookie, the app clears its state and goes to /sign-in', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderShell(base);
    await user.click(screen.getByRole('button', { name: 'Profile menu for Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    // A cookie-authenticated write: the app's CSRF header goes with it (decision 003).
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/manager/logout',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'x-requested-with': 'hirecast' }),
      }),
    );
    expect(session.getCompanyId()).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
  });

  it('logs out even when the server call fails', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('offline');
    });
    const user = userEvent.setup();
    renderShell(base);
    await user.click(screen.getByRole('button', { name: 'Profile menu for Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(session.getCompanyId()).toBeNull();
  });
});

describe('Verify-email banner', () => {
  it('asks an unverified job manager to confirm and resends the email', async () => {
    const user = userEvent.setup();
    renderShell({ ...base, role: 1, needVerification: true });
    expect(screen.getByText(/Please confirm your email address: we sent a link to/)).toHaveTextContent(
      'ada@acme.io',
    );
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/manager/signup/email/verify/send',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
  });

  it('is not shown to viewers or verified users', () => {
    renderShell({ ...base, role: 0, needVerification: true });
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
  });
});

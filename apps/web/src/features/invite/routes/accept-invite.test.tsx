import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { inviteMessages, type TInviteInfo } from '@hirecast/domain/company-team';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { Component as AcceptInvitePage } from './accept-invite.tsx';

const info: TInviteInfo = { email: 'bob@gmail.com', companyName: 'Globex', type: 1, needVerification: false };
const joined = makeManager({
  email: 'bob@gmail.com',
  _companies: [{ _id: 'c-globex', name: 'Globex', logo: null, role: 1 }],
  _company: 'c-globex',
  role: 1,
});

function Landing() {
  const location = useLocation();
  return <h1>{`landed on ${location.pathname}`}</h1>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/accept-invite/:inviteCode?" element={<AcceptInvitePage />} />
          <Route path="*" element={<Landing />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// Signed in or not is what /manager/session answers (decision 003: the session cookie is HttpOnly).
function inviteApi({
  invite = info,
  accept,
  signedIn = false,
}: { invite?: TInviteInfo | null; accept?: { status: number; message: string }; signedIn?: boolean } = {}) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/manager/invite/code-1') {
      return invite
        ? { body: { data: invite } }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: inviteMessages.invalid } } };
    }
    if (call.method === 'POST' && call.path === '/manager/accept/invite') {
      return accept
        ? { status: accept.status, body: { error: { code: 'FORBIDDEN', message: accept.message } } }
        : { body: { data: { manager: joined } } };
    }
    if (call.method === 'GET' && call.path === '/manager/session')
      return { body: { data: signedIn ? joined : null } };
    return undefined;
  });
}

describe('/accept-invite/:inviteCode', () => {
  let success: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    session.clear();
    localStorage.clear();
    sessionStorage.clear();
    success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    vi.spyOn(toast, 'info').mockImplementation(() => 'id');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says it is activating, then accepts for a signed-in person and goes to /jobs in that company', async () => {
    session.setCompanyId('c-old');
    const calls = inviteApi({ signedIn: true });
    renderAt('/accept-invite/code-1');
    expect(screen.getByText(inviteMessages.activating)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'landed on /jobs' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ inviteCode: 'code-1' });
    expect(session.getCompanyId()).toBe('c-globex');
    expect(session.getRedirect()).toBeNull();
    expect(success).toHaveBeenCalledWith('You have joined Globex.');
  });

  it('keeps the code and email for sign-up when the invited email has no account yet', async () => {
    const calls = inviteApi({ invite: { ...info, needVerification: true } });
    renderAt('/accept-invite/code-1');
    expect(await screen.findByRole('heading', { name: 'landed on /sign-up' })).toBeInTheDocument();
    expect(session.getInvite()).toEqual({ code: 'code-1', email: 'bob@gmail.com' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a signed-out person with an account to sign in, and back here afterwards', async () => {
    inviteApi();
    renderAt('/accept-invite/code-1');
    expect(await screen.findByRole('heading', { name: 'landed on /sign-in' })).toBeInTheDocument();
    expect(session.getRedirect()).toBe('/accept-invite/code-1');
  });

  it('says the code is invalid and goes to /sign-up', async () => {
    inviteApi({ invite: null });
    renderAt('/accept-invite/code-1');
    expect(await screen.findByRole('heading', { name: 'landed on /sign-up' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(inviteMessages.invalid);
  });

  it('says a missing code has not been specified and goes home', async () => {
    const calls = inviteApi();
    renderAt('/accept-invite');
    expect(await screen.findByRole('heading', { name: 'landed on /' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(inviteMessages.missing);
    expect(calls).toEqual([]);
  });

  it('refuses an invitation for a new account while someone else is signed in', async () => {
    inviteApi({ invite: { ...info, needVerification: true }, signedIn: true });
    renderAt('/accept-invite/code-1');
    expect(await screen.findByRole('heading', { name: 'landed on /jobs' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(inviteMessages.otherAccount);
    expect(session.getInvite()).toBeNull();
  });

  it('shows why the acceptance failed', async () => {
    inviteApi({ accept: { status: 403, message: inviteMessages.otherAccount }, signedIn: true });
    renderAt('/accept-invite/code-1');
    expect(await screen.findByRole('heading', { name: 'landed on /sign-up' })).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith(inviteMessages.otherAccount));
    expect(session.getRedirect()).toBeNull();
  });
});

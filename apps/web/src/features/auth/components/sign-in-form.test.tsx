import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { meQueryKey, meQueryOptions } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as SignInPage } from '../routes/sign-in.tsx';

type TReply = { status?: number; body: unknown };
function mockApi(routes: Record<string, (body: unknown) => TReply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    const reply = handler
      ? handler(init?.body ? JSON.parse(String(init.body)) : undefined)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route path="/jobs" element={<h1>Jobs page</h1>} />
          <Route path="/company/new" element={<h1>New company page</h1>} />
          <Route path="/team" element={<h1>Team page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('sign-in', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates with the spec messages before calling the server', async () => {
    const fetchMock = mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: false } } }),
    });
    renderAt('/sign-in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('signin'))).toBe(false);
  });

  it('sets me and goes to /jobs, keeping no token in a script-readable place', async () => {
    const fetchMock = mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: false } } }),
      'POST /api/manager/signin/email': () => ({
        body: { data: { manager: makeManager(), role: 2, 'access-token': 'tok-1' } },
      }),
    });
    const client = renderAt('/sign-in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Ann@Acme.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    expect(document.cookie).not.toContain('tok-1');
    expect(Object.values(localStorage).join()).not.toContain('tok-1');
    expect(client.getQueryData(['manager', 'me'])).toMatchObject({ _id: 'm1' });
    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/signin/email'));
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({ email: 'ann@acme.com', password: 'secret1' });
  });

  it('stays signed in when a session read sent before the sign-in answers "nobody" after it', async () => {
    // The read is held until the sign-in has gone through, as on a loaded server answering out of order.
    let answerSession: (manager: null) => void = () => {};
    const sessionAnswer = new Promise<null>((resolve) => (answerSession = resolve));
    const fetchMock = mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: false } } }),
      'POST /api/manager/signin/email': () => ({
        body: { data: { manager: makeManager(), role: 2, 'access-token': 'tok-1' } },
      }),
    });
    const replyTo = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/manager/session'
        ? new Response(JSON.stringify({ data: await sessionAnswer }))
        : replyTo(input, init),
    );
    const client = renderAt('/sign-in');
    void client.fetchQuery(meQueryOptions()).catch(() => {});
    await waitFor(() => expect(client.isFetching({ queryKey: meQueryKey })).toBe(1));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    answerSession(null);
    // Give the late answer its chance to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getQueryState(meQueryKey)).toMatchObject({ status: 'success', data: { _id: 'm1' } });
  });

  it('shows no error before the first submit, then checks on every change', async () => {
    mockApi({ 'GET /api/manager/providers': () => ({ body: { data: { google: false } } }) });
    renderAt('/sign-in');
    const user = userEvent.setup();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // A keyboard user tabs past the empty email and the password: nothing turns red.
    await user.tab();
    await user.tab();
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    // After the submit, the message follows the typing without leaving the field.
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('shows a wrong password once, under the form, and no toast', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: false } } }),
      'POST /api/manager/signin/email': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHORIZED', message: messages.wrongPassword } },
      }),
    });
    renderAt('/sign-in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.wrongPassword);
    expect(screen.getAllByText(messages.wrongPassword)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
  });

  it('completes the Google callback: exchanges the one-time code once, then goes to the redirect', async () => {
    const manager = makeManager({ _companies: [], _company: null });
    const fetchMock = mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: true } } }),
      'POST /api/manager/google/exchange': () => ({ body: { data: { manager, role: null } } }),
    });
    const client = renderAt('/sign-in?sign-in-code=code-g&is-new=1&source=google&redirect=%2Fteam');
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeInTheDocument();
    const exchanges = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/google/exchange'));
    expect(exchanges).toHaveLength(1);
    expect(JSON.parse(String(exchanges[0]?.[1]?.body))).toEqual({ code: 'code-g' });
    expect(client.getQueryData(['manager', 'me'])).toMatchObject({ _id: manager._id });
  });

  it('shows the Google failure once, on the page, and the form when the code is refused', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: true } } }),
      'POST /api/manager/google/exchange': () => ({
        status: 400,
        body: { error: { code: 'VALIDATION', message: messages.socialSignInFailed } },
      }),
    });
    renderAt('/sign-in?sign-in-code=stolen&source=google');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.socialSignInFailed);
    expect(error).not.toHaveBeenCalled();
  });

  it('signs nobody in from a URL with an access token (login CSRF)', async () => {
    const fetchMock = mockApi({
      'GET /api/manager/providers': () => ({ body: { data: { google: true } } }),
      'GET /api/manager/session': () => ({ body: { data: makeManager() } }),
    });
    renderAt('/sign-in?access-token=attacker-token&is-new=0&source=google');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jobs page' })).not.toBeInTheDocument();
    expect(document.cookie).not.toContain('attacker-token');
    const sent = fetchMock.mock.calls.map(([url, init]) => `${String(url)} ${JSON.stringify(init ?? {})}`);
    expect(sent.join('\n')).not.toContain('attacker-token');
  });

  it('shows the corporate email alert and the Google button when enabled', async () => {
    mockApi({ 'GET /api/manager/providers': () => ({ body: { data: { google: true } } }) });
    renderAt('/sign-in?is-corporate-email-error=1');
    expect(screen.getByText(messages.corporateEmailOnly)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});

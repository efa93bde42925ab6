import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as SignUpPage } from '../routes/sign-up.tsx';

const manager = makeManager({ needVerification: true, _companies: [], _company: null, role: null });

type TReply = { status?: number; body: unknown };
function mockApi(signUp: (body: unknown) => TReply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const reply: TReply = url.endsWith('/manager/providers')
      ? { body: { data: { google: false } } }
      : url.endsWith('/manager/signup/email')
        ? signUp(JSON.parse(String(init?.body)))
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const signUpCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/manager/signup/email'));

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/sign-up" element={<SignUpPage />} />
          <Route path="/company/new" element={<h1>New company page</h1>} />
          <Route path="/jobs" element={<h1>Jobs page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillIn(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  const emailField = screen.getByLabelText('Work email');
  await user.clear(emailField);
  await user.type(emailField, email);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  return user;
}

describe('sign-up', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the spec heading and keeps ?prefers= for the illustration', () => {
    mockApi(() => ({ body: {} }));
    renderAt('/sign-up?prefers=posts');
    expect(screen.getByRole('heading', { name: "Let's get started…" })).toBeInTheDocument();
    expect(session.getPrefers()).toBe('posts');
  });

  it('rejects a free-mail address under the email field, without calling the server', async () => {
    const fetchMock = mockApi(() => ({ body: {} }));
    renderAt('/sign-up');
    const user = await fillIn('ann@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.corporateEmailOnly)).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveAccessibleDescription(messages.corporateEmailOnly);
    expect(signUpCalls(fetchMock)).toHaveLength(0);
  });

  it('allows a free-mail address with an invite code and signs the user in', async () => {
    sessionStorage.setItem('invite-code', 'inv-1');
    sessionStorage.setItem('invite-email', 'ann@gmail.com');
    const fetchMock = mockApi(() => ({ body: { data: { manager, role: null, 'access-token': 'tok-up' } } }));
    renderAt('/sign-up');
    expect(screen.getByLabelText('Work email')).toHaveValue('ann@gmail.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('heading', { name: 'New company page' })).toBeInTheDocument();
    // The server's HttpOnly cookie holds the session; the app writes no token anywhere (decision 003).
    expect(document.cookie).not.toContain('tok-up');
    expect(localStorage.length + sessionStorage.length).toBe(0);
    const body = JSON.parse(String(signUpCalls(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({ email: 'ann@gmail.com', inviteCode: 'inv-1', firstName: 'Ann' });
    expect(sessionStorage.getItem('invite-code')).toBeNull();
  });

  it('locks the invited email and lands on /jobs in the inviting company', async () => {
    session.setInvite({ code: 'inv-2', email: 'bob@hotmail.com' });
    const invited = makeManager({
      email: 'bob@hotmail.com',
      _companies: [{ _id: 'c-inv', name: 'Inviting Co', logo: null, role: 1 }],
      _company: 'c-inv',
      role: 1,
    });
    const fetchMock = mockApi(() => ({
      body: { data: { manager: invited, role: 1, 'access-token': 'tok-i' } },
    }));
    renderAt('/sign-up');
    const email = screen.getByLabelText('Work email');
    expect(email).toHaveValue('bob@hotmail.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('You were invited with this address.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(email, 'x');
    expect(email).toHaveValue('bob@hotmail.com');
    await user.type(screen.getByLabelText('First name'), 'Bob');
    await user.type(screen.getByLabelText('Last name'), 'Ray');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    expect(session.getCompanyId()).toBe('c-inv');
    expect(session.getInvite()).toBeNull();
    const body = JSON.parse(String(signUpCalls(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({ email: 'bob@hotmail.com', inviteCode: 'inv-2' });
  });

  it('shows the existing-user message from the server once, on the email field, without a toast', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockApi(() => ({ status: 409, body: { error: { code: 'CONFLICT', message: messages.userExists } } }));
    renderAt('/sign-up');
    const user = await fillIn('ann@acme.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.userExists)).toBeInTheDocument();
    expect(screen.getAllByText(messages.userExists)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows no error before the first submit, then checks on every change', async () => {
    mockApi(() => ({ status: 500, body: {} }));
    renderAt('/sign-up');
    const user = userEvent.setup();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    for (let i = 0; i < 4; i += 1) await user.tab();
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Work email'), 'ann@acme.com');
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Work email'));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
  });
});

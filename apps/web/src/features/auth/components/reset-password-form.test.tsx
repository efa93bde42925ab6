import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as ForgotPasswordPage } from '../routes/forgot-password.tsx';

const manager = makeManager();

function mockReset(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderReset() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/forgot-password?reset-token=rt-1']}>
        <Routes>
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/jobs" element={<h1>Jobs page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function setPassword(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password with a token', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets the password, signs the user in and goes to /jobs', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const fetchMock = mockReset(200, { data: { manager, role: 2, 'access-token': 'tok-r' } });
    renderReset();
    expect(screen.getByRole('link', { name: 'Return to Sign In' })).toHaveAttribute('href', '/sign-in');
    await setPassword('newpass1');
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    // The answer's HttpOnly cookie signed the browser in; no script keeps the token (decision 003).
    expect(document.cookie).not.toContain('tok-r');
    expect(success).toHaveBeenCalledWith(messages.resetSuccess);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/manager/reset/password',
      expect.objectContaining({ body: JSON.stringify({ password: 'newpass1', token: 'rt-1' }) }),
    );
  });

  it('asks for matching passwords before calling the server', async () => {
    const fetchMock = mockReset(200, {});
    renderReset();
    await setPassword('newpass1', 'newpass2');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spec messages for a failure and for an answer without a manager', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockReset(400, { error: { code: 'VALIDATION', message: 'Token expired' } });
    renderReset();
    await setPassword('newpass1');
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.resetFailure));

    mockReset(200, { data: { message: 'ok' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.resetNoToken));
    expect(screen.queryByRole('heading', { name: 'Jobs page' })).not.toBeInTheDocument();
  });
});

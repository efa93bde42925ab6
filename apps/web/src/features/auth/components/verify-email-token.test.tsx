import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { messages } from '@hirecast/domain/messages';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { VerifyEmailToken } from './verify-email-token.tsx';

// The verify call answers `status`/`body`; /manager/session answers the signed-in manager, or null for a visitor.
function mockVerify(status: number, body: unknown, { signedIn = false } = {}) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/manager/session'
      ? Response.json({ data: signedIn ? makeManager() : null })
      : new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const verifyCalls = (fetchMock: ReturnType<typeof mockVerify>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/manager/signup/email/verify');

function renderToken(token: string) {
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <VerifyEmailToken token={token} />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('confirm email with a token', () => {
  beforeEach(() => session.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the single-use token once, even under StrictMode, and confirms', async () => {
    const fetchMock = mockVerify(200, { data: { verified: true, email: 'ann@acme.com' } });
    renderToken('tok-v');
    expect(await screen.findByText(messages.emailVerified)).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/manager/signup/email/verify',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok-v' }) }),
    );
    // Not signed in: Continue leads to sign-in.
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/sign-in');
  });

  it('explains a failure and offers a new email to a signed-in user', async () => {
    mockVerify(
      400,
      { error: { code: 'VALIDATION', message: messages.verifyTokenInvalid } },
      { signedIn: true },
    );
    renderToken('expired');
    expect(await screen.findByText(messages.verifyTokenInvalid)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend email' })).toBeInTheDocument();
  });
});

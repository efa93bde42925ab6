import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TMailboxEmail } from '../api/get-mailbox.ts';
import { MAILBOX_EMPTY, MAILBOX_UNAVAILABLE, MailboxPage } from './mailbox.tsx';

function renderMailbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dev/mailbox', element: <MailboxPage /> }], {
    initialEntries: ['/dev/mailbox'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const emails: TMailboxEmail[] = [
  {
    _id: 'e2',
    to: 'ada@acme.io',
    subject: 'Reset your Hirecast password',
    text: 'Reset it here: http://localhost:3000/forgot-password?reset-token=abc',
    html: '<p>Reset</p>',
    createdAt: new Date().toISOString(),
  },
  {
    _id: 'e1',
    to: 'bob@acme.io',
    subject: 'Confirm your email address',
    text: 'Confirm: http://localhost:3000/confirm-email?verify-token=xyz',
    html: '<p>Confirm</p>',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('MailboxPage', () => {
  it('says the mailbox is not available here when the server answers 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 })),
    );
    renderMailbox();
    expect(await screen.findByText(MAILBOX_UNAVAILABLE)).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: [] })),
    );
    renderMailbox();
    expect(await screen.findByText(MAILBOX_EMPTY)).toBeInTheDocument();
  });

  it('opens the newest email with its links clickable, and another one on click', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: emails })),
    );
    const user = userEvent.setup();
    renderMailbox();
    const reading = await screen.findByRole('article', { name: 'Reset your Hirecast password' });
    const link = within(reading).getByRole('link', {
      name: 'http://localhost:3000/forgot-password?reset-token=abc',
    });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/forgot-password?reset-token=abc');
    expect(within(reading).getByTitle('HTML version of Reset your Hirecast password')).toHaveAttribute(
      'sandbox',
      '',
    );

    await user.click(screen.getByRole('button', { name: /bob@acme.io/ }));
    expect(await screen.findByRole('article', { name: 'Confirm your email address' })).toBeInTheDocument();
  });
});

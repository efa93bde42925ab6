import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { jobMessages } from '@hirecast/domain/job-messages';
import { InviteForm } from './invite-form.tsx';

function setup() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { members: { email: string }[] };
    return Response.json(
      { data: { message: jobMessages.inviteSent(body.members[0]!.email), members: [] } },
      { status: 201 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <InviteForm jobId="job-1" existing={['ann@acme.co.uk']} disabled={false} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InviteForm', () => {
  it('rejects an email already in the list, after trimming and lowercasing', async () => {
    const fetchMock = setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  Ann@ACME.co.uk ');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByText(jobMessages.duplicateEmail)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('invites a new email, lowercased, with the chosen role, and says so', async () => {
    const fetchMock = setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Bob@Acme.co.uk');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Job Manager' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(jobMessages.inviteSent('bob@acme.co.uk')));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      members: [{ email: 'bob@acme.co.uk', type: 1 }],
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { TRole } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import type { TTeamMember } from '@hirecast/domain/team';
import { mockApi, type TCall } from '../../../../test/mock-api.ts';
import { JobTeamTab } from './job-team-tab.tsx';

const member = (
  email: string,
  type: TTeamMember['type'],
  joined: boolean,
  lastInvitationDate: string | null = null,
) => ({
  _id: `m-${email.split('@')[0]}`,
  email,
  type,
  _manager: joined ? { firstName: email.split('@')[0]!, lastName: 'X', email } : null,
  lastInvitationDate,
});

// Me (ann), an admin, a viewer, a pending viewer invited 5 s ago and a pending viewer invited long ago.
const team: TTeamMember[] = [
  member('ann@acme.com', 2, true),
  member('amy@acme.com', 2, true),
  member('vic@acme.com', 0, true),
  member('new@acme.com', 0, false, new Date(Date.now() - 5_000).toISOString()),
  member('old@acme.com', 0, false, '2026-01-01T00:00:00.000Z'),
];

const writes = (calls: TCall[]) =>
  calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
// A member's row. Its role select is named by its visible label 'Role' (the label wins over its aria-label).
const row = (email: string) => {
  const item = screen.getAllByRole('listitem').find((li) => within(li).queryByText(email));
  if (!item) throw new Error(`No row for ${email}`);
  return within(item);
};
const enabled = (el: HTMLElement) =>
  el.getAttribute('aria-disabled') !== 'true' && !el.hasAttribute('disabled');

async function openTeam(role: TRole) {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/job/job-1/team') return { body: { data: team } };
    if (call.method === 'POST')
      return { body: { data: { message: jobMessages.inviteSent('old@acme.com') } } };
    if (call.method === 'PATCH' || call.method === 'DELETE') return { body: { data: {} } };
    return undefined;
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <JobTeamTab jobId="job-1" role={role} myEmail="Ann@acme.com" />
    </QueryClientProvider>,
  );
  await screen.findByRole('list', { name: 'Job team members' });
  return calls;
}

describe('JobTeamTab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('job manager: no role changes; resends and removes Viewers only, never themselves', async () => {
    await openTeam(1);
    for (const m of team) {
      expect(enabled(row(m.email).getByRole('combobox', { name: 'Role' }))).toBe(false);
    }
    expect(enabled(screen.getByRole('button', { name: 'Remove ann@acme.com' }))).toBe(false);
    expect(enabled(screen.getByRole('button', { name: 'Remove amy@acme.com' }))).toBe(false);
    expect(enabled(screen.getByRole('button', { name: 'Remove vic@acme.com' }))).toBe(true);
    expect(enabled(screen.getByRole('button', { name: 'Resend invitation to old@acme.com' }))).toBe(true);
    // Resend is for pending invitations only.
    expect(
      screen.queryByRole('button', { name: 'Resend invitation to vic@acme.com' }),
    ).not.toBeInTheDocument();
  });

  it('admin: changes a role through the job API', async () => {
    const calls = await openTeam(2);
    const user = userEvent.setup();
    await user.click(row('vic@acme.com').getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Job Manager' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/job/job-1/team/m-vic', body: { type: 1 } }]),
    );
  });

  it('resends a pending invitation, but not twice within 30 seconds', async () => {
    const calls = await openTeam(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend invitation to new@acme.com' }));
    expect(toast.error).toHaveBeenCalledWith(jobMessages.inviteTooSoon);
    await user.click(screen.getByRole('button', { name: 'Resend invitation to old@acme.com' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(jobMessages.inviteSent('old@acme.com')));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/job/job-1/team', body: { members: [{ email: 'old@acme.com', type: 0 }] } },
    ]);
  });

  it('removes a member from the job after confirmation', async () => {
    const calls = await openTeam(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove amy@acme.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    expect(dialog).toHaveTextContent('amy@acme.com will no longer have access to this job.');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/job/job-1/team/m-amy', body: undefined }]),
    );
  });
});

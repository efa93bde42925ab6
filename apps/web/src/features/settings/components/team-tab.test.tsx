import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { inviteMessages } from '@hirecast/domain/company-team';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { makeMember, renderSettings, settingsApi, type TCall } from './settings-test-utils.tsx';

// Me (ann@acme.com), an admin, a job manager, a viewer, and pending invitations of type 0 and 2.
const team = [
  makeMember({
    _id: 'm-ann',
    email: 'ann@acme.com',
    type: 2,
    _manager: { firstName: 'Ann', lastName: 'Lee', email: 'ann@acme.com' },
  }),
  makeMember({
    _id: 'm-amy',
    email: 'amy@acme.com',
    type: 2,
    _manager: { firstName: 'Amy', lastName: 'Ko', email: 'amy@acme.com' },
  }),
  makeMember({
    _id: 'm-jim',
    email: 'jim@acme.com',
    type: 1,
    _manager: { firstName: 'Jim', lastName: 'Oh', email: 'jim@acme.com' },
  }),
  makeMember({
    _id: 'm-vic',
    email: 'vic@acme.com',
    type: 0,
    _manager: { firstName: 'Vic', lastName: 'Li', email: 'vic@acme.com' },
  }),
  makeMember({ _id: 'i-pen', email: 'pen@acme.com', type: 0, _manager: null, isPending: true }),
  makeMember({ _id: 'i-boss', email: 'boss@acme.com', type: 2, _manager: null, isPending: true }),
];
const writes = (calls: TCall[]) =>
  calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

async function openTeam(role: 0 | 1 | 2, extra?: Parameters<typeof settingsApi>[1]) {
  const calls = settingsApi({ team }, extra);
  renderSettings('/settings?tab=team', makeManager({ role }));
  await screen.findByRole('table', { name: 'Team members' });
  return calls;
}
const roleSelect = (email: string) => screen.getByRole('combobox', { name: `Role of ${email}` });
const resend = (email: string) => screen.getByRole('button', { name: `Resend invitation to ${email}` });
const remove = (email: string) => screen.getByRole('button', { name: `Remove ${email}` });
const enabled = (el: HTMLElement) =>
  el.getAttribute('aria-disabled') !== 'true' && !el.hasAttribute('disabled');

describe('settings, Team tab', () => {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("admin: changes anyone else's role, resends and removes, but never acts on themselves", async () => {
    await openTeam(2);
    expect(enabled(roleSelect('ann@acme.com'))).toBe(false);
    expect(enabled(remove('ann@acme.com'))).toBe(false);
    for (const email of ['amy@acme.com', 'jim@acme.com', 'vic@acme.com', 'pen@acme.com', 'boss@acme.com']) {
      expect(enabled(roleSelect(email))).toBe(true);
      expect(enabled(remove(email))).toBe(true);
    }
    expect(enabled(resend('pen@acme.com'))).toBe(true);
    expect(enabled(resend('boss@acme.com'))).toBe(true);
    // Resend is for pending invitations only.
    expect(
      screen.queryByRole('button', { name: 'Resend invitation to vic@acme.com' }),
    ).not.toBeInTheDocument();
  });

  it('job manager: no role changes; resends and removes Viewers only; may invite Viewers', async () => {
    await openTeam(1);
    for (const m of team) expect(enabled(roleSelect(m.email))).toBe(false);
    expect(enabled(resend('pen@acme.com'))).toBe(true);
    expect(enabled(resend('boss@acme.com'))).toBe(false);
    expect(enabled(remove('vic@acme.com'))).toBe(true);
    expect(enabled(remove('jim@acme.com'))).toBe(false);
    expect(enabled(remove('amy@acme.com'))).toBe(false);
    expect(screen.getByLabelText(/^Email/)).toBeEnabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getByRole('option', { name: 'Viewer' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Admin' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('viewer: everything is read-only', async () => {
    await openTeam(0);
    for (const m of team) {
      expect(enabled(roleSelect(m.email))).toBe(false);
      expect(enabled(remove(m.email))).toBe(false);
    }
    expect(enabled(resend('pen@acme.com'))).toBe(false);
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  });

  it('changes a role', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = await openTeam(2, (call) =>
      call.method === 'PATCH' ? { body: { data: { member: makeMember({ type: 1 }) } } } : undefined,
    );
    const user = userEvent.setup();
    await user.click(roleSelect('vic@acme.com'));
    await user.click(screen.getByRole('option', { name: 'Job Manager' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/company/c1/team/m-vic', body: { type: 1 } }]),
    );
  });

  it('removes a member after confirmation', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = await openTeam(2, (call) =>
      call.method === 'DELETE' ? { body: { data: { members: [] } } } : undefined,
    );
    const user = userEvent.setup();
    await user.click(remove('jim@acme.com'));
    const dialog = screen.getByRole('dialog', { name: 'Remove team member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
    await user.click(remove('jim@acme.com'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'DELETE', path: '/company/c1/team', body: { memberId: 'm-jim' } },
      ]),
    );
  });

  it('resends a pending invitation, but not twice within 30 seconds', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const recent = new Date(Date.now() - 5_000).toISOString();
    const calls = settingsApi(
      {
        team: [
          makeMember({
            _id: 'i-1',
            email: 'new@acme.com',
            _manager: null,
            isPending: true,
            lastInvitationDate: recent,
          }),
          makeMember({
            _id: 'i-2',
            email: 'old@acme.com',
            _manager: null,
            isPending: true,
            lastInvitationDate: '2026-01-01T00:00:00.000Z',
          }),
        ],
      },
      (call) =>
        call.method === 'POST'
          ? { body: { data: { member: makeMember(), message: inviteMessages.sent('old@acme.com') } } }
          : undefined,
    );
    renderSettings('/settings?tab=team');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to new@acme.com' }));
    expect(error).toHaveBeenCalledWith(inviteMessages.tooSoon);
    await user.click(screen.getByRole('button', { name: 'Resend invitation to old@acme.com' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation to old@acme.com is sent'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/company/c1/team',
        body: { companyId: 'c1', team: { email: 'old@acme.com', type: 0 } },
      },
    ]);
  });

  it('invites by email and role: trimmed, lowercased, duplicates refused', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = await openTeam(2, (call) =>
      call.method === 'POST'
        ? {
            status: 201,
            body: { data: { member: makeMember(), message: inviteMessages.sent('zed@acme.com') } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'JIM@acme.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(inviteMessages.duplicate)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('This does not look like a valid email')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(email);
    await user.type(email, '  Zed@Acme.com ');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Job Manager' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation to zed@acme.com is sent'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/company/c1/team',
        body: { companyId: 'c1', team: { email: 'zed@acme.com', type: 1 } },
      },
    ]);
    expect(email).toHaveValue('');
  });

  it('shows 10 rows a page and pages on', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeMember({
        _id: `m${i}`,
        email: `p${i}@acme.com`,
        _manager: { firstName: `P${i}`, lastName: 'X', email: `p${i}@acme.com` },
      }),
    );
    settingsApi({ team: many });
    renderSettings('/settings?tab=team');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10
    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('p11@acme.com')).toBeInTheDocument();
  });
});

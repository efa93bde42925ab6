import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsMessages } from '@hirecast/domain/settings';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { makeCompany, renderSettings, settingsApi, type TCall } from './settings-test-utils.tsx';

const agency = { _id: 'ag1', name: 'Hire Co', email: 'jobs@hire.co', phone: '+447700900123', logo: null };
const company = makeCompany({ isAgency: true, agency });
const patches = (calls: TCall[]) =>
  calls.filter((c) => c.method === 'PATCH').map(({ path, body }) => ({ path, body }));

function agencyApi() {
  return settingsApi({ company }, (call) =>
    call.method === 'PATCH' && call.path === '/company/c1/agency/ag1'
      ? { body: { data: { ...agency, ...(call.body as object) } } }
      : undefined,
  );
}

describe('settings, Agency tab', () => {
  beforeEach(() => {
    session.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('saves the changed fields together 1500 ms after the last keystroke', async () => {
    const calls = agencyApi();
    renderSettings('/settings?tab=agency');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const name = await screen.findByLabelText(/Agency name/);
    await user.clear(name);
    await user.type(name, 'Hire Co Ltd');
    act(() => vi.advanceTimersByTime(1000));
    // Typing again restarts the wait.
    await user.clear(screen.getByLabelText(/Mobile phone/));
    await user.type(screen.getByLabelText(/Mobile phone/), '+44 (7700) 900-456');
    act(() => vi.advanceTimersByTime(1300));
    expect(patches(calls)).toEqual([]);
    await act(async () => vi.advanceTimersByTime(250));
    expect(patches(calls)).toEqual([
      { path: '/company/c1/agency/ag1', body: { name: 'Hire Co Ltd', phone: '+447700900456' } },
    ]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('holds back an invalid phone with its message and saves the valid fields', async () => {
    const calls = agencyApi();
    renderSettings('/settings?tab=agency');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const phone = await screen.findByLabelText(/Mobile phone/);
    await user.clear(phone);
    await user.type(phone, '12ab');
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'hello@hire.co');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(await screen.findByText(settingsMessages.phoneInvalid)).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ path: '/company/c1/agency/ag1', body: { email: 'hello@hire.co' } }]);
    expect(screen.getByText('Not saved')).toBeInTheDocument();
  });

  it('is read-only for non-admins', async () => {
    agencyApi();
    renderSettings('/settings?tab=agency', makeManager({ role: 1 }));
    expect(await screen.findByText(settingsMessages.adminsOnly)).toBeInTheDocument();
    expect(screen.getByLabelText(/Agency name/)).toBeDisabled();
  });
});

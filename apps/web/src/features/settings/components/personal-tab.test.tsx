import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { requiredField } from '@hirecast/domain/messages';
import { settingsMessages } from '@hirecast/domain/settings';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { renderSettings, settingsApi, type TCall } from './settings-test-utils.tsx';

const me = makeManager({ firstName: 'Ann', lastName: 'Lee', position: 'Founder' });

// PATCH /manager/me answers the manager with the change applied.
function personalApi() {
  let current = me;
  const calls = settingsApi({}, (call) => {
    if (call.method === 'PATCH' && call.path === '/manager/me') {
      current = { ...current, ...(call.body as object) };
      return { body: { data: current } };
    }
    if (call.method === 'GET' && call.path === '/manager/session') return { body: { data: current } };
    return undefined;
  });
  return calls;
}
const patches = (calls: TCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('settings, Personal tab', () => {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves a field on blur only when its trimmed value changed, then shows the saved value', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = personalApi();
    renderSettings('/settings?tab=personal', me);
    const user = userEvent.setup();
    const first = screen.getByLabelText(/First name/);

    // Focus and leave without a change; then add only spaces: nothing is sent.
    await user.click(first);
    await user.tab();
    await user.type(first, '   ');
    await user.tab();
    expect(patches(calls)).toEqual([]);
    expect(first).toHaveValue('Ann');

    await user.clear(first);
    await user.type(first, '  Annie ');
    await user.tab();
    await waitFor(() => expect(patches(calls)).toEqual([{ firstName: 'Annie' }]));
    expect(success).toHaveBeenCalledWith(settingsMessages.saved);
    await waitFor(() => expect(first).toHaveValue('Annie'));

    // The email is read-only.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it('requires the names and sends nothing while one is empty', async () => {
    const calls = personalApi();
    renderSettings('/settings?tab=personal', me);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Last name/));
    await user.tab();
    expect(await screen.findByText(requiredField('Last name'))).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
  });

  it('saves the digest type when chosen', async () => {
    const calls = personalApi();
    renderSettings('/settings?tab=personal', me);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Digest' }));
    await user.click(screen.getByRole('option', { name: /^Weekly/ }));
    await waitFor(() => expect(patches(calls)).toEqual([{ digestType: 'weekly' }]));
  });

  it('checks the calendar link with the two spec messages before saving it', async () => {
    const calls = personalApi();
    renderSettings('/settings?tab=personal', me);
    const user = userEvent.setup();
    const link = screen.getByLabelText('Calendar link');

    await user.type(link, 'http://calendly.com/ann');
    await user.tab();
    expect(await screen.findByText(settingsMessages.calendarNotHttps)).toBeInTheDocument();

    await user.clear(link);
    await user.type(link, 'https://example.com/book-me');
    await user.tab();
    expect(await screen.findByText(settingsMessages.calendarNotAllowed)).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);

    await user.clear(link);
    await user.type(link, 'https://calendly.com/ann');
    await user.tab();
    await waitFor(() => expect(patches(calls)).toEqual([{ calendarLink: 'https://calendly.com/ann' }]));
    expect(screen.queryByText(settingsMessages.calendarNotAllowed)).not.toBeInTheDocument();
  });

  it('shows the server message under the calendar link when it refuses it', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    settingsApi({}, (call) =>
      call.method === 'PATCH'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Some fields need your attention.',
                fields: { calendarLink: settingsMessages.calendarNotAllowed },
              },
            },
          }
        : undefined,
    );
    renderSettings('/settings?tab=personal', me);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Calendar link'), 'https://calendly.com/x');
    await user.tab();
    expect(await screen.findByText(settingsMessages.calendarNotAllowed)).toBeInTheDocument();
  });

  it('clears the calendar link with an empty value', async () => {
    const calls = personalApi();
    renderSettings('/settings?tab=personal', { ...me, calendarLink: 'https://cal.com/ann' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Calendar link'));
    await user.tab();
    await waitFor(() => expect(patches(calls)).toEqual([{ calendarLink: null }]));
  });

  it('focuses the calendar link for ?focus=calendarLink, on the Personal tab', async () => {
    personalApi();
    renderSettings('/settings?focus=calendarLink', me);
    expect(screen.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('Calendar link')).toHaveFocus());
  });
});

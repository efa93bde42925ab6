import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHARING_SETTINGS } from '@hirecast/domain/sharing';
import { session } from '../../../lib/session.ts';
import { renderSettings, settingsApi } from './settings-test-utils.tsx';

// Issue 23 item 8: leaving Settings with an unsaved time zone asks first (another page, another settings tab,
// or closing the browser tab).
async function withUnsavedTimeZone() {
  settingsApi({}, (call) =>
    call.method === 'GET' && call.path === '/sharing/settings'
      ? { body: { data: DEFAULT_SHARING_SETTINGS } }
      : undefined,
  );
  const { router } = renderSettings();
  const user = userEvent.setup();
  const zone = await screen.findByRole('combobox', { name: 'Time zone' }, { timeout: 10_000 });
  expect(zone).toHaveValue('Europe/London');
  await chooseTimeZone(user, zone, 'Europe/Paris');
  return { router, user, zone };
}

/** Replaces the typed text at once (not opening the list of every time zone first) and picks the option. */
async function chooseTimeZone(user: ReturnType<typeof userEvent.setup>, zone: HTMLElement, name: string) {
  const input = zone as HTMLInputElement;
  await act(async () => {
    input.focus();
    input.setSelectionRange(0, input.value.length);
  });
  await user.paste(name);
  await user.click(await screen.findByRole('option', { name }));
  expect(zone).toHaveValue(name);
  // And on to something else (the field loses focus, as when a link is clicked).
  await user.click(screen.getByRole('heading', { name: 'Settings' }));
}

const leaveDialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });

// The whole settings page renders in each test: headroom for a busy machine.
describe('settings, unsaved analytics settings', { timeout: 60_000 }, () => {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks before another page; Cancel stays with the change, Leave goes', async () => {
    const { router, user, zone } = await withUnsavedTimeZone();
    await act(() => router.navigate('/jobs'));
    const dialog = await leaveDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(zone).toHaveValue('Europe/Paris');

    await act(() => router.navigate('/jobs'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
  });

  it('asks before another settings tab too (the change would be lost)', async () => {
    const { router, user } = await withUnsavedTimeZone();
    await user.click(screen.getByRole('tab', { name: 'Personal' }));
    await leaveDialog();
    expect(router.state.location.search).toBe('');
  });

  it('has the browser ask before the page is closed or reloaded, and not once nothing is unsaved', async () => {
    const { zone, user } = await withUnsavedTimeZone();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    await chooseTimeZone(user, zone, 'Europe/London');
    expect(unload()).toBe(false);
  });

  it('lets a visitor leave at once when nothing changed', async () => {
    settingsApi({}, (call) =>
      call.method === 'GET' && call.path === '/sharing/settings'
        ? { body: { data: DEFAULT_SHARING_SETTINGS } }
        : undefined,
    );
    const { router } = renderSettings();
    await screen.findByRole('combobox', { name: 'Time zone' }, { timeout: 10_000 });
    await act(() => router.navigate('/jobs'));
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

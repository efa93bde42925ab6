import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { settingsMessages } from '@hirecast/domain/settings';
import { session } from '../../../lib/session.ts';
import { makeCompany, renderSettings, settingsApi, type TCall } from './settings-test-utils.tsx';

const writes = (calls: TCall[]) =>
  calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

describe('settings, Company tab', () => {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks a typed colour 700 ms after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    settingsApi({});
    renderSettings();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const primary = await screen.findByLabelText('Primary colour');
    await user.clear(primary);
    await user.type(primary, 'blurple');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText(messages.colourInvalid)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(250));
    expect(await screen.findByText(messages.colourInvalid)).toBeInTheDocument();
  });

  // The form must show what was saved, normalised (the bio trimmed, the emptied colour back to the default),
  // and stay clean. It used to keep the typed values under the saved ones: Save went disabled for a moment and
  // was enabled again, which this test caught only when it looked in that moment (it was retried).
  // 60 s: headroom for a busy machine (the whole settings page renders); it passes as soon as the form is saved.
  it('saves only what changed; an emptied colour goes back to the default', { timeout: 60_000 }, async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    // Like the server, the company read after the save is the saved one (the save refetches it).
    const saved = makeCompany({ description: 'We build better things.', primaryColor: '#44504B' });
    let stored = false;
    const calls = settingsApi({}, (call) => {
      if (call.method === 'PATCH') {
        stored = true;
        return { body: { data: saved } };
      }
      if (stored && call.method === 'GET' && call.path === '/company/c1') return { body: { data: saved } };
      return undefined;
    });
    renderSettings();
    const user = userEvent.setup();
    const bio = await screen.findByLabelText(/Bio/);
    const primary = screen.getByLabelText('Primary colour');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    // Pasted, not typed key by key: the same input event, without 25 renders on a busy machine.
    await user.clear(bio);
    await user.paste(' We build better things. ');
    await user.clear(primary);
    await user.click(save);
    await waitFor(
      () =>
        expect(writes(calls)).toEqual([
          {
            method: 'PATCH',
            path: '/company/c1',
            body: { description: 'We build better things.', primaryColor: null },
          },
        ]),
      { timeout: 20_000 },
    );
    expect(success).toHaveBeenCalledWith(settingsMessages.saved);
    await waitFor(() => expect(primary).toHaveValue('#44504B'), { timeout: 20_000 });
    expect(bio).toHaveValue('We build better things.');
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it(
    'discards the edits: the stored values come back and the form is clean',
    { timeout: 60_000 },
    async () => {
      settingsApi({});
      renderSettings();
      const user = userEvent.setup();
      const bio = await screen.findByLabelText(/Bio/);
      const primary = screen.getByLabelText('Primary colour');
      await user.clear(bio);
      await user.paste('Something else');
      await user.clear(primary);
      const discard = screen.getByRole('button', { name: 'Discard changes' });
      expect(discard).toBeEnabled();
      await user.click(discard);
      await waitFor(() => expect(bio).toHaveValue('We build things.'));
      expect(primary).toHaveValue('#44504B');
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
      expect(discard).toBeDisabled();
    },
  );

  it('marks a taken name on the name field', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    settingsApi({}, (call) =>
      call.method === 'PATCH'
        ? { status: 409, body: { error: { code: 'CONFLICT', message: settingsMessages.nameTaken } } }
        : undefined,
    );
    renderSettings();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Company name/);
    await user.clear(name);
    await user.type(name, 'Globex');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(settingsMessages.nameTaken)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(settingsMessages.nameTaken);
    expect(name).toHaveFocus();
  });

  it('checks social links before saving', async () => {
    const calls = settingsApi({});
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add social link' }));
    await user.type(screen.getByLabelText('LinkedIn link'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.linkInvalid)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('turns the agency switch on at once', async () => {
    const calls = settingsApi({}, (call) =>
      call.method === 'POST' && call.path === '/company/c1/agency'
        ? {
            body: {
              data: makeCompany({
                isAgency: true,
                agency: { _id: 'ag1', name: 'Acme', email: '', phone: '', logo: null },
              }),
            },
          }
        : undefined,
    );
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'This company is a recruitment agency' }));
    expect(await screen.findByRole('tab', { name: 'Agency' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/company/c1/agency', body: { isAgency: true } }]);
  });

  it('fills the company from a website: posts the link, shows progress and polls until done', async () => {
    let loading = true;
    const calls = settingsApi({}, (call) => {
      if (call.method === 'POST' && call.path === '/texau')
        return { body: { data: makeCompany({ texauLoading: true }) } };
      if (call.method === 'GET' && call.path === '/company/c1' && calls.some((c) => c.path === '/texau')) {
        return {
          body: {
            data: loading
              ? makeCompany({ texauLoading: true })
              : makeCompany({ texauLoading: false, description: 'Read from the website.' }),
          },
        };
      }
      return undefined;
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    renderSettings();
    const user = userEvent.setup();
    const link = await screen.findByLabelText('Website or profile link');
    expect(link).toHaveValue('https://acme.io');
    await user.click(screen.getByRole('button', { name: 'Fill from website' }));
    expect(await screen.findByText(/Reading your company details/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/texau', body: { link: 'https://acme.io' } }]);
    loading = false;
    await waitFor(() => expect(screen.getByLabelText(/Bio/)).toHaveValue('Read from the website.'), {
      timeout: 5000,
    });
    expect(screen.queryByText(/Reading your company details/)).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiKeyMessages, type TApiKey } from '@hirecast/domain/api-keys';
import { mockApi, type TCall } from '../../../test/mock-api.ts';
import { ApiKeysSection } from './api-keys-section.tsx';

// Issue 35: the API keys section checks what it sends, shows the key once, and says when the list fails.

const key = (over: Partial<TApiKey> = {}): TApiKey => ({
  _id: 'k1',
  name: 'Greenhouse sync',
  scopes: ['read'],
  prefix: 'hc_live_ab12cd',
  createdBy: { _id: 'u1', name: 'Ada Admin' },
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiKeysSection companyId="c1" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysSection', () => {
  it('refuses an empty name and no scope in the dialog, then shows the created key once', async () => {
    const secret = `hc_live_${'x'.repeat(43)}`;
    let keys: TApiKey[] = [];
    const calls = mockApi((call: TCall) => {
      if (call.method === 'GET' && call.path === '/api-keys') return { body: { data: keys } };
      if (call.method === 'POST' && call.path === '/api-keys') {
        keys = [key({ scopes: ['read', 'write'] })];
        return { status: 201, body: { data: { ...keys[0], key: secret } } };
      }
      return undefined;
    });
    renderSection();
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText(apiKeyMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(apiKeyMessages.scopesRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Greenhouse sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your key “Greenhouse sync”' });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(secret);
    expect(within(shown).getByText(apiKeyMessages.shownOnce)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Greenhouse sync',
      scopes: ['read', 'write'],
      expiresAt: null,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('hc_live_ab12cd…')).toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi((call) =>
      call.path === '/api-keys'
        ? fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'The keys could not be loaded.' } } }
          : { body: { data: [key({ revokedAt: '2026-12-02T10:00:00.000Z' })] } }
        : undefined,
    );
    renderSection();
    expect(await screen.findByText('The keys could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Revoked')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TWebhookEndpoint } from '@hirecast/domain/webhooks';
import { mockApi, type TCall } from '../../../test/mock-api.ts';
import { ChatSection } from './chat-section.tsx';

// Issue 35 item 3: a Slack or Teams channel follows every job or one; the form sends the job chosen and the list
// says which job a channel follows.

const JOB = '7b0c2a52-5b8e-4a44-9d3f-0a1b2c3d4e5f';
const channel = (over: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint => ({
  _id: 'w1',
  kind: 'slack',
  url: 'https://hooks.slack.com/services/T0/B0/x',
  description: '',
  events: [],
  jobId: null,
  idsOnly: false,
  enabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  lastDelivery: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('ChatSection', () => {
  it('adds a channel for one job and names that job in the list', async () => {
    let endpoints: TWebhookEndpoint[] = [];
    const calls = mockApi((call: TCall) => {
      if (call.method === 'GET' && call.path === '/job')
        return {
          body: {
            data: [
              { _id: JOB, title: 'Head Chef' },
              { _id: 'j2', title: 'Barista' },
            ],
          },
        };
      if (call.method === 'GET' && call.path === '/webhooks') return { body: { data: endpoints } };
      if (call.method === 'POST' && call.path === '/webhooks') {
        endpoints = [channel({ jobId: JOB })];
        return { status: 201, body: { data: { ...endpoints[0], secret: null } } };
      }
      return undefined;
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ChatSection companyId="c1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No channels yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Add a channel' });
    await user.type(within(form).getByRole('textbox', { name: /Incoming webhook URL/ }), channel().url);
    await user.click(within(form).getByRole('combobox', { name: 'Jobs' }));
    await user.click(await screen.findByRole('option', { name: 'Head Chef' }));
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));

    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'slack', url: channel().url, idsOnly: false, jobId: JOB },
    ]);
    const list = await screen.findByRole('list', { name: 'Channels' });
    expect(await within(list).findByText(/Job: Head Chef/)).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import type { TManager } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { meQueryKey } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as CompanyNewPage } from '../routes/company-new.tsx';

const manager = (over: Partial<TManager> = {}): TManager =>
  makeManager({ email: 'ann@acme-labs.co.uk', _companies: [], _company: null, role: null, ...over });

type TReply = { status?: number; body: unknown };
function mockCreate(reply: (body: unknown) => TReply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const r: TReply =
      String(input) === '/api/company' && init?.method === 'POST'
        ? reply(JSON.parse(String(init.body)))
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(me: TManager = manager()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/company/new']}>
        <Routes>
          <Route path="/company/new" element={<CompanyNewPage />} />
          <Route path="/jobs" element={<h1>Jobs page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function chooseIndustry(user: ReturnType<typeof userEvent.setup>, industry: string) {
  await user.click(screen.getByRole('combobox', { name: /Industry/ }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: industry }));
}

describe('create company form', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('greets a first-time founder and prefills name and website from the email domain', () => {
    mockCreate(() => ({ body: {} }));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Ann' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Acme Labs');
    expect(screen.getByText('9/90')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveValue('https://acme-labs.co.uk');
  });

  it('says Create New Company when the user already has one', () => {
    mockCreate(() => ({ body: {} }));
    renderPage(
      manager({ email: 'ann@gmail.com', _companies: [{ _id: 'c1', name: 'Old', logo: null, role: 2 }] }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Company' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('');
  });

  it('stops the bio at 256 characters and says it must be shorter', async () => {
    mockCreate(() => ({ body: {} }));
    renderPage();
    const user = userEvent.setup();
    const bio = screen.getByLabelText(/Bio/);
    await user.click(bio);
    await user.paste('x'.repeat(300));
    expect(bio).toHaveValue('x'.repeat(256));
    expect(screen.getByText('256/256')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(messages.bioTooLong)).toBeInTheDocument();
  });

  it('checks a typed colour 700 ms after typing, not on each keystroke', async () => {
    mockCreate(() => ({ body: {} }));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Primary colour'), 'blurple');
    expect(screen.queryByText(messages.colourInvalid)).not.toBeInTheDocument();
    expect(await screen.findByText(messages.colourInvalid, undefined, { timeout: 2000 })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Primary colour'));
    await user.type(screen.getByLabelText('Primary colour'), 'rebeccapurple');
    await waitFor(() => expect(screen.queryByText(messages.colourInvalid)).not.toBeInTheDocument(), {
      timeout: 2000,
    });
  });

  it('creates the company with website and social links as info, then goes to /jobs', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const fetchMock = mockCreate(() => ({ body: { data: { _id: 'c-new', name: 'Acme Labs' } } }));
    renderPage();
    const user = userEvent.setup();
    await chooseIndustry(user, 'Technology');
    await user.type(screen.getByLabelText(/Bio/), '  We build labs.  ');
    await user.type(screen.getByLabelText(/City/), 'Leeds');
    await user.type(screen.getByLabelText(/Country/), 'United Kingdom');
    await user.click(screen.getByRole('button', { name: 'Add social link' }));
    await user.type(screen.getByLabelText('LinkedIn link'), 'https://linkedin.com/company/acme');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Acme Labs',
      industry: 'Technology',
      description: 'We build labs.',
      location: { city: 'Leeds', country: 'United Kingdom' },
      info: [
        { type: 'website', value: 'https://acme-labs.co.uk' },
        { type: 'linkedin', value: 'https://linkedin.com/company/acme' },
      ],
    });
    expect(session.getCompanyId()).toBe('c-new');
    expect(success).toHaveBeenCalledWith('Your company has been created.');
  });

  it('requires the location and a valid social link, focusing the first problem', async () => {
    const fetchMock = mockCreate(() => ({ body: {} }));
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add social link' }));
    // A new row is not an error before it is filled in.
    await waitFor(() =>
      expect(screen.getByLabelText('LinkedIn link')).toHaveAttribute('aria-invalid', 'false'),
    );
    await user.type(screen.getByLabelText('LinkedIn link'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findAllByText(messages.locationRequired)).toHaveLength(2);
    expect(screen.getByText(messages.linkInvalid)).toBeInTheDocument();
    expect(screen.getByText('Please fill the required field: Industry')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Industry/ })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the logo file before uploading it', async () => {
    const fetchMock = mockCreate(() => ({ body: {} }));
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Upload logo');
    await user.upload(input, new File([new Uint8Array(2_000_001)], 'logo.png', { type: 'image/png' }));
    expect(screen.getByText(messages.logoTooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(screen.getByText(messages.imageWrongType)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks a duplicate name from the server on the name field and keeps the values', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockCreate(() => ({
      status: 409,
      body: { error: { code: 'CONFLICT', message: messages.companyDuplicateName } },
    }));
    renderPage();
    const user = userEvent.setup();
    await chooseIndustry(user, 'Retail');
    await user.type(screen.getByLabelText(/Bio/), 'Shops.');
    await user.type(screen.getByLabelText(/City/), 'York');
    await user.type(screen.getByLabelText(/Country/), 'United Kingdom');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText(messages.companyDuplicateName)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(messages.companyDuplicateName);
    expect(screen.getByLabelText(/Company name/)).toHaveFocus();
    expect(screen.getByLabelText(/City/)).toHaveValue('York');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { ContactForm } from './contact-form.tsx';

type TReply = { status?: number; body: unknown };
function mockContact(reply: () => TReply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const r: TReply =
      String(input) === '/api/email/contact' && init?.method === 'POST'
        ? reply()
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(props: { name?: string; email?: string } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/contact-us']}>
        <Routes>
          <Route path="/contact-us" element={<ContactForm {...props} />} />
          <Route path="/jobs" element={<h1>Jobs page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('contact form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for name, email and subject and checks the email', async () => {
    const fetchMock = mockContact(() => ({ body: { data: { message: messages.contactSuccess } } }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please fill the required field: Name')).toBeInTheDocument();
    expect(screen.getByText('Please fill the required field: Email')).toBeInTheDocument();
    expect(screen.getByText('Please fill the required field: Subject')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Email/), 'ann@acme');
    await user.tab();
    expect(await screen.findByText(messages.contactEmailInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('limits the fields and counts the characters', async () => {
    mockContact(() => ({ body: {} }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Name/));
    await user.paste('n'.repeat(80));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('n'.repeat(55));
    expect(screen.getByText('55/55')).toBeInTheDocument();
    expect(screen.getByText('0/250')).toBeInTheDocument();
  });

  it('sends trimmed values without an empty message, then offers another message', async () => {
    const fetchMock = mockContact(() => ({ body: { data: { message: messages.contactSuccess } } }));
    renderForm({ name: 'Ann Lee', email: 'ann@acme.com' });
    const user = userEvent.setup();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ann Lee');
    await user.type(screen.getByLabelText(/^Subject/), '  Billing question  ');
    await user.type(screen.getByLabelText(/^Message/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const dialog = await screen.findByRole('dialog', { name: messages.contactSuccess });
    expect(dialog).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.com',
      subject: 'Billing question',
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@acme.com');
  });

  it('goes to the jobs from the success dialog', async () => {
    mockContact(() => ({ body: { data: { message: messages.contactSuccess } } }));
    renderForm({ name: 'Ann Lee', email: 'ann@acme.com' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Subject/), 'Hello{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Go to Jobs' }));
    expect(await screen.findByRole('heading', { name: 'Jobs page' })).toBeInTheDocument();
  });

  it('keeps the values and shows the spec toast when sending fails', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockContact(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }));
    renderForm({ name: 'Ann Lee', email: 'ann@acme.com' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Subject/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.contactFailure));
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Hello');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

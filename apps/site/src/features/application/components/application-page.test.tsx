import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidateApplication } from '../../../test/fixtures.ts';
import { mockApi } from '../../../../../web/src/test/mock-api.ts';
import { privacyMessages } from '@hirecast/domain/privacy';
import { ApplicationPage } from './application-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('application page (private link)', () => {
  it('shows the job, the company, the date and the status', () => {
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Head Chef' })).toBeInTheDocument();
    expect(screen.getByText('Northwind', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('3 November 2026')).toBeInTheDocument();
    expect(screen.getByText('Received')).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('withdraws after a confirmation', async () => {
    const calls = mockApi((call) =>
      call.path === '/public/application/tok/withdraw' ? { status: 204 } : undefined,
    );
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    expect(screen.getByRole('heading', { name: 'Withdraw your application?' })).toHaveFocus();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('Your application has been withdrawn.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/public/application/tok/withdraw', body: undefined }]);
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
  });

  it('withdraws through a plain form before the scripts run (issue 23 item 8)', () => {
    render(<ApplicationPage token="t/k" application={makeCandidateApplication()} />);
    const form = screen.getByRole('button', { name: 'Withdraw application' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/application/t%2Fk/withdraw');
    expect(screen.getByRole('button', { name: 'Withdraw application' })).toHaveAttribute('type', 'submit');
  });

  it('keeps the application when the candidate changes their mind', async () => {
    const calls = mockApi(() => undefined);
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete my data' })).toHaveFocus();
  });

  it('deletes the data after a confirmation and says so', async () => {
    const calls = mockApi((call) =>
      call.method === 'DELETE' && call.path === '/public/application/tok' ? { status: 204 } : undefined,
    );
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your data has been deleted.' }),
    ).toHaveFocus();
    expect(calls).toEqual([{ method: 'DELETE', path: '/public/application/tok', body: undefined }]);
  });

  it("shows the server's message when the link no longer works", async () => {
    mockApi(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'This link is no longer valid.' } },
    }));
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
  });

  it('keeps a held application, says why in plain words, and still offers Withdraw (issue 33)', async () => {
    mockApi((call) =>
      call.method === 'DELETE' && call.path === '/public/application/tok'
        ? {
            status: 202,
            body: {
              data: {
                title: privacyMessages.erasureHeldTitle,
                message: privacyMessages.erasureHeld('Northwind'),
                requestedAt: '2026-11-20T10:00:00.000Z',
              },
            },
          }
        : undefined,
    );
    render(<ApplicationPage token="tok" application={makeCandidateApplication()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
    expect(await screen.findByRole('heading', { name: 'Your data has not been deleted yet' })).toHaveFocus();
    expect(screen.getByText(/You asked to delete your data on 20 November 2026\./)).toHaveTextContent(
      privacyMessages.erasureHeld('Northwind'),
    );
    expect(screen.getByText(/UK GDPR Article 17\(3\)\(e\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw application' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my data' })).not.toBeInTheDocument();
  });

  it('shows a pending request on a later visit', () => {
    render(
      <ApplicationPage
        token="tok"
        application={makeCandidateApplication({ erasureRequestedAt: '2026-11-20T10:00:00.000Z' })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your data has not been deleted yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my data' })).not.toBeInTheDocument();
  });

  it('offers no Withdraw on a rejected application, and shows the company logo (issue 33)', () => {
    render(
      <ApplicationPage
        token="tok"
        application={makeCandidateApplication({
          status: 'rejected',
          job: { ...makeCandidateApplication().job, companyLogo: 'https://cdn.example.com/logo.png' },
        })}
      />,
    );
    expect(screen.getByText('Not selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my data' })).toBeInTheDocument();
    expect(document.querySelector('img.brand-logo')).toHaveAttribute(
      'src',
      'https://cdn.example.com/logo.png',
    );
  });
});

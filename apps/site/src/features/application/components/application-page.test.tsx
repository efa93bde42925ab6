import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidateApplication } from '../../../test/fixtures.ts';
import { mockApi } from '../../../../../web/src/test/mock-api.ts';
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
});

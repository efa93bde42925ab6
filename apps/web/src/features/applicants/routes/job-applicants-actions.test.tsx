import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicantMessages } from '@hirecast/domain/applicants';
import {
  applicantsServer,
  makeApplicant,
  renderApplicantsPage,
} from '../components/applicants-test-utils.tsx';
import { Component as JobApplicants } from './job-applicants.tsx';

const applicants = () => [
  makeApplicant({ _id: 'a1', name: 'Ada Lovelace', sentAt: '2026-11-03T09:30:00.000Z' }),
  makeApplicant({ _id: 'a2', name: 'Grace Hopper', status: 'rejected', sentAt: '2026-11-05T09:30:00.000Z' }),
];

describe('applicants actions', () => {
  let saved: { name: string; href: string }[];
  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    // The download link's click is where the browser would save the file.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports the CSV with the status filter and sort, named after the job', async () => {
    const calls = applicantsServer({
      applicants: applicants(),
      extra: (call) => (call.path.endsWith('/applicants/csv') ? { body: 'name,email\n' } : undefined),
    });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?status=rejected&sort=rating-high' });
    await screen.findByRole('link', { name: 'Grace Hopper' });

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'Head Chef applicants.csv', href: 'blob:csv' }]));
    expect(calls.find((c) => c.path.endsWith('/csv'))).toEqual({
      method: 'POST',
      path: '/job/job-1/applicants/csv',
      body: { status: 'rejected', sortByRate: -1 },
    });
  });

  it('says so when the export fails', async () => {
    applicantsServer({
      applicants: applicants(),
      extra: (call) =>
        call.path.endsWith('/applicants/csv')
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
          : undefined,
    });
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Grace Hopper' });

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(await screen.findByText(applicantMessages.exportFailed)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('re-engages only the applicants chosen', async () => {
    const calls = applicantsServer({
      applicants: applicants(),
      extra: (call) => (call.path.endsWith('/send-reengaging') ? { body: { data: { sent: 1 } } } : undefined),
    });
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Grace Hopper' });

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Re-engage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-engage applicants' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Are you still interested in Head Chef at Acme?',
    );
    // Each candidate's name is filled in by the server, one email each.
    expect((within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLTextAreaElement).value).toMatch(
      /^Dear \{candidateName\},/,
    );

    // Nobody is chosen at first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose at least one applicant')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/send-reengaging'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Grace Hopper/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1' }));

    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/send-reengaging'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/send-reengaging'))).toMatchObject({
      method: 'POST',
      path: '/job/job-1/application/send-reengaging',
      body: { applicationIds: ['a2'], subject: 'Are you still interested in Head Chef at Acme?' },
    });
    expect(await screen.findByText('Re-engagement email sent to 1 applicant.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

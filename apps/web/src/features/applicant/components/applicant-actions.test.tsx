import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  applicantMessages,
  APPLICATION_STATUSES,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import {
  applicantServer,
  makeApplicant,
  makeManager,
  makeNote,
  renderApplicantPage,
  viewer,
} from './applicant-test-utils.tsx';

const STATUS_ACTIONS: Record<TApplicationStatus, string[]> = {
  new: ['Reject', 'Interview'],
  shortlisted: ['Reject', 'Interview'],
  interviewing: ['Reject', 'Hire'],
  hired: [],
  rejected: [],
  withdrawn: [],
};

const shownActions = () =>
  screen.queryAllByRole('button', { name: /^(Reject|Interview|Hire)$/ }).map((b) => b.textContent);

async function menuItems() {
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  const items = within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((i) => i.textContent);
  await userEvent.keyboard('{Escape}');
  return items;
}

describe('applicant actions (spec 2 §4 second reading, §6)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(APPLICATION_STATUSES)('a job manager sees the actions of %s', async (status) => {
    applicantServer({ applicant: makeApplicant({ status }) });
    renderApplicantPage({ me: makeManager({ role: 1 }) });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(shownActions()).toEqual(STATUS_ACTIONS[status]);
    const items = await menuItems();
    // A candidate who withdrew is written to by no one (the withdrawal is final); deleting stays possible.
    const withdrawn = status === 'withdrawn';
    expect(items.includes('Write to Grace')).toBe(!withdrawn);
    expect(items.includes('Re-engage')).toBe(!withdrawn);
    expect(items).toContain('Delete applicant');
    // The shortlist letter: from any status but shortlisted itself, and never after a withdrawal.
    expect(items.includes('Shortlist')).toBe(status !== 'shortlisted' && !withdrawn);
    expect(screen.queryByText(applicantMessages.withdrawnByCandidate) !== null).toBe(withdrawn);
  });

  it.each(APPLICATION_STATUSES)('a viewer of a %s applicant can only look, note and copy', async (status) => {
    applicantServer({ applicant: makeApplicant({ status }), me: viewer });
    renderApplicantPage({ me: viewer });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(shownActions()).toEqual([]);
    expect(await menuItems()).toEqual(['Copy applicant link']);
    expect(screen.getByRole('button', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History' })).toBeInTheDocument();
  });

  it('a viewer adds a note', async () => {
    const calls = applicantServer({ me: viewer, notes: [makeNote()] });
    renderApplicantPage({ me: viewer });
    await userEvent.click(await screen.findByRole('button', { name: 'Notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Notes and feedback on Grace Hopper' });
    await userEvent.type(within(dialog).getByLabelText('Your note'), 'Great attitude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'Great attitude',
        isFeedback: false,
      }),
    );
  });

  it('shows the note count on the Notes button', async () => {
    applicantServer({ applicant: makeApplicant({ noteCount: 2 }) });
    renderApplicantPage();
    expect(await screen.findByRole('button', { name: 'Notes (2)' })).toBeInTheDocument();
  });
});

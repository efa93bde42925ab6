import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARK_LABELS } from '@hirecast/domain/applicants';
import {
  applicantServer,
  makeHistoryItem,
  makeMark,
  makeManager,
  makeNote,
  renderApplicantPage,
} from './applicant-test-utils.tsx';

// Notes and feedback, marks and history: what the team records about an applicant (spec 2 §3, §5, §6).
describe('applicant records', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a note or feedback, and deletes only your own notes', async () => {
    const calls = applicantServer({
      notes: [
        makeNote({ _id: 'mine', text: 'Mine to delete', createdAt: '2026-11-04T09:00:00.000Z' }),
        makeNote({
          _id: 'theirs',
          text: 'Not mine',
          isFeedback: true,
          createdAt: '2026-11-04T11:00:00.000Z',
          _manager: { _id: 'm2', firstName: 'Bo', lastName: 'Chan', email: 'bo@acme.com' },
        }),
      ],
    });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Notes and feedback on Grace Hopper' });
    const list = await within(dialog).findByRole('list', { name: 'Notes' });
    // Newest first; only the author's own note has a delete button.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((n) => n.getAttribute('aria-label')),
    ).toEqual(['Feedback by Bo Chan', 'Note by Ann Lee']);
    expect(
      within(within(list).getByRole('listitem', { name: 'Feedback by Bo Chan' })).queryByRole('button'),
    ).toBeNull();

    // spec 2 §5: the send button needs non-empty text.
    const add = within(dialog).getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your note'), '   ');
    expect(add).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Feedback' }));
    await userEvent.type(within(dialog).getByLabelText('Your feedback'), ' Calm under pressure ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add feedback' }));
    expect(await screen.findByText('Your feedback has been added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      text: 'Calm under pressure',
      isFeedback: true,
    });
    expect(await within(dialog).findByText('Calm under pressure')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your feedback')).toHaveValue('');

    await userEvent.click(
      within(within(list).getByRole('listitem', { name: 'Note by Ann Lee' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    expect(await screen.findByText('The note has been deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/job/job-1/application/a1/note/mine')).toBe(
      true,
    );
    await waitFor(() => expect(within(dialog).queryByText('Mine to delete')).not.toBeInTheDocument());
  });

  it('rates from 1 to 5 with the five labels, starting at 3', async () => {
    const calls = applicantServer({ marks: [makeMark({ mark: 5 })] });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate Grace Hopper' });
    const three = await within(dialog).findByRole('radio', { name: "3 stars, I'm 50/50" });
    expect(three).toBeChecked();
    expect(within(dialog).getByTestId('mark-label')).toHaveTextContent("I'm 50/50");
    expect(
      MARK_LABELS.map((label, i) =>
        within(dialog).getByRole('radio', { name: `${i + 1} ${i === 0 ? 'star' : 'stars'}, ${label}` }),
      ),
    ).toHaveLength(5);
    // The team's marks.
    expect(within(dialog).getByText('5 · Looks great')).toBeInTheDocument();

    // Keyboard: the arrow keys move along the stars.
    three.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '4 stars, Looks good' })).toBeChecked();
    expect(within(dialog).getByTestId('mark-label')).toHaveTextContent('Looks good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByText('Your rating has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/job/job-1/application/a1/mark',
      body: { mark: 4 },
    });
  });

  it('starts at your own mark and can remove it', async () => {
    const calls = applicantServer({
      marks: [makeMark({ _id: 'own', mark: 1, _manager: { _id: 'm1', firstName: 'Ann', lastName: 'Lee' } })],
    });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate Grace Hopper' });
    expect(await within(dialog).findByRole('radio', { name: '1 star, Definitely not' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove my rating' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === '/job/job-1/application/a1/mark/own'),
      ).toBe(true),
    );
  });

  it('lists the history newest first, with who did what', async () => {
    applicantServer({
      history: [
        makeHistoryItem({
          _id: 'h1',
          createdAt: '2026-11-03T09:30:00.000Z',
          changedBy: 'Candidate',
          event: { eventName: 'statusChanged', details: { status: 'new' }, isLetterSent: false },
        }),
        makeHistoryItem({
          _id: 'h3',
          createdAt: '2026-11-05T12:00:00.000Z',
          changedBy: 'Ann Lee',
          event: {
            eventName: 'communication',
            details: { text: 'Can you start in May?' },
            isLetterSent: true,
          },
        }),
        makeHistoryItem({
          _id: 'h2',
          createdAt: '2026-11-04T10:00:00.000Z',
          changedBy: 'Hirecast assistant',
          event: {
            eventName: 'statusChanged',
            details: { status: 'shortlisted', text: 'Dear Grace,\n\nGood news.\n\nKind regards,\nAnn' },
            isLetterSent: true,
          },
        }),
      ],
    });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Grace Hopper' });
    const items = within(await within(dialog).findByRole('list', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Message',
      'Status changed to Shortlisted',
      'Status changed to New',
    ]);
    expect(items[0]).toHaveTextContent('Can you start in May?');
    expect(items[0]).toHaveTextContent('by Ann Lee');
    expect(within(items[1]!).getByText('Email sent')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('by Hirecast assistant');
    // A long email shows its first lines, and all of it on request.
    const more = within(items[1]!).getByRole('button', { name: 'Show all' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(items[1]!).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(items[0]!).queryByRole('button', { name: 'Show all' })).toBeNull();
    expect(within(items[2]!).queryByText('Email sent')).toBeNull();
    expect(items[2]).toHaveTextContent('by Candidate');
  });

  it('sends the email a status change went without, from its history entry (PATCH .../send/letter)', async () => {
    const calls = applicantServer({
      history: [
        makeHistoryItem({
          _id: 'h-short',
          changedBy: 'Ann Lee',
          event: { eventName: 'statusChanged', details: { status: 'shortlisted' }, isLetterSent: false },
        }),
      ],
    });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Grace Hopper' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send the email' }));
    const text = within(dialog).getByLabelText('Email to the candidate');
    // The shortlist letter, filled in for this candidate.
    expect((text as HTMLTextAreaElement).value).toContain('Grace Hopper');
    await userEvent.clear(text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please write the email')).toBeInTheDocument();
    await userEvent.type(text, 'Dear Grace, you are on our shortlist.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The email has been sent.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/send/letter'))).toMatchObject({
      method: 'PATCH',
      body: { eventId: 'h-short', text: 'Dear Grace, you are on our shortlist.' },
    });
  });

  it('offers no email to a Viewer', async () => {
    applicantServer({
      history: [
        makeHistoryItem({
          _id: 'h-short',
          event: { eventName: 'statusChanged', details: { status: 'shortlisted' }, isLetterSent: false },
        }),
      ],
    });
    renderApplicantPage({ me: makeManager({ role: 0 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Grace Hopper' });
    await within(dialog).findByRole('list', { name: 'History' });
    expect(within(dialog).queryByRole('button', { name: 'Send the email' })).toBeNull();
  });

  it('says when nothing has happened yet', async () => {
    applicantServer();
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { LETTER_KINDS } from '@hirecast/domain/applicants';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import { settingsMessages } from '@hirecast/domain/settings';
import { session } from '../../../lib/session.ts';
import { makeCompany, renderSettings, settingsApi, type TCall } from './settings-test-utils.tsx';

const writes = (calls: TCall[]) =>
  calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
const preview = (label: string) => within(screen.getByRole('region', { name: `${label} preview` }));

describe('settings, Texts tab', () => {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the seven letter tabs of the spec and the interview letters, each previewed with sample values', async () => {
    settingsApi({});
    renderSettings('/settings?tab=texts');
    const letters = await screen.findByRole('tablist', { name: 'Letters' });
    expect(
      within(letters)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Reject',
      'Shortlist',
      'Interview',
      'Hire',
      'Early Bird',
      'Job Live',
      'Re-engage',
      'Video interview',
      'Interview reminder',
    ]);
    const user = userEvent.setup();
    await user.click(within(letters).getByRole('tab', { name: 'Video interview' }));
    expect(screen.getByLabelText('Subject')).toHaveValue(DEFAULT_LETTERS.interviewInvitation.subject);
    await user.click(within(letters).getByRole('tab', { name: 'Early Bird' }));
    expect(screen.getByLabelText('Subject')).toHaveValue(DEFAULT_LETTERS.hiringSoon.subject);
    expect(preview('Early Bird').getByText('Coming soon: Head Chef at Acme')).toBeInTheDocument();
    expect(preview('Early Bird').getByText(/^Dear Alex Morgan,/)).toBeInTheDocument();
  });

  it('inserts a placeholder where the cursor is, updates the preview and saves the letter', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = settingsApi({}, (call) =>
      call.method === 'PATCH' ? { body: { data: makeCompany() } } : undefined,
    );
    renderSettings('/settings?tab=texts');
    const user = userEvent.setup();
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Hello  and thanks');
    // The cursor between the two spaces.
    (subject as HTMLInputElement).setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(screen.getByRole('menuitem', { name: /Candidate name/ }));
    expect(subject).toHaveValue('Hello {candidateName} and thanks');
    await waitFor(() => expect(subject).toHaveFocus());
    expect((subject as HTMLInputElement).selectionStart).toBe(21);
    expect(preview('Reject').getByText('Hello Alex Morgan and thanks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: 'PATCH',
          path: '/company/c1',
          body: {
            letters: [
              {
                kind: 'rejection',
                subject: 'Hello {candidateName} and thanks',
                text: DEFAULT_LETTERS.rejection.text,
              },
            ],
          },
        },
      ]),
    );
    expect(success).toHaveBeenCalledWith(settingsMessages.saved);
  });

  it('puts a placeholder into the text by default', async () => {
    settingsApi({});
    renderSettings('/settings?tab=texts');
    const user = userEvent.setup();
    const text = await screen.findByLabelText('Text');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await user.click(screen.getByRole('menuitem', { name: /Job title/ }));
    expect(text).toHaveValue('{jobTitle}');
    expect(preview('Reject').getByText('Head Chef')).toBeInTheDocument();
  });

  it('does not save an empty subject', async () => {
    const calls = settingsApi({});
    renderSettings('/settings?tab=texts');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Subject'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill the required field: Subject')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("resets a company's own letter to the default after confirmation", async () => {
    const own = makeCompany({
      letters: LETTER_KINDS.map((kind) =>
        kind === 'hire'
          ? { kind, subject: 'Welcome aboard', text: 'You got it, {candidateName}!', isDefault: false }
          : { kind, ...DEFAULT_LETTERS[kind], isDefault: true },
      ),
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const calls = settingsApi({ company: own }, (call) =>
      call.method === 'PATCH' ? { body: { data: makeCompany() } } : undefined,
    );
    renderSettings('/settings?tab=texts');
    const user = userEvent.setup();
    // A default letter has nothing to reset.
    expect(await screen.findByRole('button', { name: 'Reset to default' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Hire' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('Welcome aboard');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset the Hire letter?' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'PATCH', path: '/company/c1', body: { letters: [{ kind: 'hire', reset: true }] } },
      ]),
    );
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(DEFAULT_LETTERS.hire.subject));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicantMessages } from '@hirecast/domain/applicants';
import {
  applicantsServer,
  listRequests,
  makeApplicant,
  makeManager,
  renderApplicantsPage,
} from '../components/applicants-test-utils.tsx';
import { Component as JobApplicants } from './job-applicants.tsx';

const location = () => screen.getByTestId('location').textContent ?? '';
const query = () => new URLSearchParams(location().split('?')[1] ?? '');

const team = () => [
  makeApplicant({ _id: 'a1', name: 'Ada Lovelace', status: 'new', sentAt: '2026-11-03T09:30:00.000Z' }),
  makeApplicant({
    _id: 'a2',
    name: 'Grace Hopper',
    status: 'shortlisted',
    markAvg: 4.25,
    aiFitScore: 2,
    sentAt: '2026-11-05T09:30:00.000Z',
  }),
  makeApplicant({
    _id: 'a3',
    name: 'Alan Turing',
    status: 'hired',
    aiFitScore: 3.46,
    sentAt: '2026-11-01T09:30:00.000Z',
  }),
];

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('applicants list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the job, the status counts and a table of applicants newest first', async () => {
    const calls = applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Head Chef' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(listRequests(calls)[0]).toEqual({ sort: 'newest', skip: '0', limit: '10' });

    const chips = within(screen.getByRole('group', { name: 'Filter by status' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All 3',
      'Withdrawn 0',
      'Rejected 0',
      'New 1',
      'Shortlisted 1',
      'Interviewing 0',
      'Hired 1',
    ]);

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Grace Hopper',
      'Ada Lovelace',
      'Alan Turing',
    ]);
    // Rating: the average mark, else the AI fit score, one decimal; dates DD/MM/YYYY.
    const grace = within(rowOf('Grace Hopper'));
    expect(grace.getByText('4.3')).toBeInTheDocument();
    expect(grace.getByText('05/11/2026')).toBeInTheDocument();
    expect(grace.getByText('grace@example.com')).toBeInTheDocument();
    expect(within(rowOf('Alan Turing')).getByText('3.5')).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText('Not rated')).toBeInTheDocument();
  });

  it('reads the filters from the URL, and a chip writes the status there with a history entry', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      makeApplicant({
        _id: `n${i}`,
        name: `Person${i} Test`,
        status: i % 2 ? 'new' : 'hired',
        sentAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
      }),
    );
    const calls = applicantsServer({ applicants: many });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?status=HIRED&sort=oldest&page=2' });

    await screen.findByRole('link', { name: 'Person20 Test' });
    expect(listRequests(calls).at(-1)).toEqual({ sort: 'oldest', status: 'hired', skip: '10', limit: '10' });
    expect(screen.getByRole('button', { name: /^Hired/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('11–13 of 13')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'New 12' }));
    // A new filter starts again at page 1 and keeps the sort.
    await waitFor(() => expect(location()).toBe('/jobs/job-1/view?status=new&sort=oldest'));
    await waitFor(() =>
      expect(listRequests(calls).at(-1)).toEqual({ sort: 'oldest', status: 'new', skip: '0', limit: '10' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(query().get('status')).toBe('HIRED'));
    expect(screen.getByRole('button', { name: /^Hired/ })).toHaveAttribute('aria-pressed', 'true');
  });

  // Decision 016: a search that matches very many applicants is not counted to the end.
  it('says "more than" for a count that is not exact and offers the page after it', async () => {
    const applicants = team();
    applicantsServer({
      applicants,
      extra: (call) =>
        call.path.includes('/applications')
          ? {
              body: {
                data: {
                  applicants,
                  count: 20_000,
                  countExact: false,
                  statistic: { new: 1, shortlisted: 1, hired: 1 },
                },
              },
            }
          : undefined,
    });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?search=a' });

    expect(await screen.findByText('1–3 of more than 20000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to page 2001' })).toBeInTheDocument();
  });

  it('searches 200 ms after the last key and starts again at page 1', async () => {
    const calls = applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?page=2' });
    await screen.findByRole('heading', { level: 1, name: 'Head Chef' });

    // Keys without a pause between them (a busy machine must not make the pause the debounce waits for).
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: /search applicants/i }), 'grace');
    // Typing has not reached the URL or the server yet.
    expect(query().get('search')).toBeNull();
    expect(listRequests(calls).some((r) => r.search)).toBe(false);

    await waitFor(() => expect(query().get('search')).toBe('grace'));
    expect(query().get('page')).toBeNull();
    // Grace was on the page before the search too: the answer has arrived once Ada has gone.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(listRequests(calls).filter((r) => r.search)).toEqual([
      { sort: 'newest', search: 'grace', skip: '0', limit: '10' },
    ]);
  });

  it('sorts by rating through the sort select', async () => {
    const calls = applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Grace Hopper' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Low rating' }));

    await waitFor(() => expect(query().get('sort')).toBe('rating-low'));
    await waitFor(() => expect(listRequests(calls).at(-1)?.sort).toBe('rating-low'));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
      ).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']),
    );
  });

  it('resets the filters, keeping the view mode, and says so', async () => {
    applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />, {
      path: '/jobs/job-1/view?status=new&search=ada&sort=oldest&viewMode=grid',
    });
    const search = await screen.findByRole('searchbox', { name: /search applicants/i });
    expect(search).toHaveValue('ada');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(applicantMessages.filtersReset)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/jobs/job-1/view?viewMode=grid'));
    expect(search).toHaveValue('');
  });

  it('copies the filtered link', async () => {
    applicantsServer({ applicants: team() });
    const user = userEvent.setup();
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?status=hired' });
    await screen.findByRole('link', { name: 'Alan Turing' });

    await user.click(screen.getByRole('button', { name: 'Copy link to these filtered applicants' }));
    expect(await screen.findByText(applicantMessages.filteredLinkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/jobs/job-1/view?status=hired`,
    );
  });

  it('opens the applicant from a row', async () => {
    applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />);
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    // The applicant page gets the list's position (and filters) for its previous/next arrows.
    expect(link).toHaveAttribute('href', '/applications/job-1/a1/view?index=1');

    await userEvent.click(within(rowOf('Ada Lovelace')).getByText('03/11/2026'));
    await waitFor(() => expect(location()).toBe('/applications/job-1/a1/view?index=1'));
  });
});

describe('status menu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const patchServer = () =>
    applicantsServer({
      applicants: team(),
      extra: (call) => (call.method === 'PATCH' ? { body: { data: { ok: true } } } : undefined),
    });

  it('offers no status menu for a candidate who withdrew, and says the candidate withdrew', async () => {
    applicantsServer({
      applicants: [...team(), makeApplicant({ _id: 'a4', name: 'Hedy Lamarr', status: 'withdrawn' })],
    });
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Hedy Lamarr' });
    const row = within(rowOf('Hedy Lamarr'));
    expect(row.queryByRole('button', { name: /Status of Hedy Lamarr/ })).not.toBeInTheDocument();
    expect(row.getByText(`. ${applicantMessages.withdrawnByCandidate}`)).toBeInTheDocument();
    // The others keep their menu.
    expect(screen.getByRole('button', { name: 'Status of Ada Lovelace: New. Change status' })).toBeVisible();
  });

  it('disables the current status and opens the hire email dialog, sending the edited email', async () => {
    const calls = patchServer();
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Ada Lovelace' });

    await userEvent.click(screen.getByRole('button', { name: 'Status of Ada Lovelace: New. Change status' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'New' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).queryByRole('menuitem', { name: 'Withdrawn' })).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Hired' }));

    const dialog = await screen.findByRole('dialog', { name: 'Hire Ada Lovelace' });
    // The letter starts filled in with what the page knows: candidate, job, company, sender.
    const text = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Email' });
    expect(text.value).toMatch(/^Dear Ada Lovelace,\n/);
    expect(text.value).toContain('the Head Chef role at Acme');
    expect(text.value).toMatch(/Kind regards,\nAnn Lee\nAcme$/);
    expect(within(dialog).getByRole('button', { name: 'Change status only' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.type(text, '\nSee you Monday.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status and send email' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/job/job-1/application/a1/send');
    expect(patch.body).toMatchObject({
      status: 'hired',
      subject: 'Good news about the Head Chef role at Acme',
      isIncludeCalendarLink: false,
    });
    expect((patch.body as { text: string }).text).toMatch(/Dear Ada Lovelace,[\s\S]*See you Monday\.$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Ada Lovelace is now Hired, and the email was sent.')).toBeInTheDocument();
  });

  it('changes the status alone from the email dialog', async () => {
    const calls = patchServer();
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Ada Lovelace' });

    await userEvent.click(screen.getByRole('button', { name: /Status of Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ada Lovelace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status only' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/job/job-1/application/a1/status', body: { data: { status: 'rejected' } } },
      ]),
    );
  });

  it('changes to New directly, with no dialog, and refreshes the list', async () => {
    const calls = patchServer();
    renderApplicantsPage(<JobApplicants />);
    await screen.findByRole('link', { name: 'Grace Hopper' });
    const before = listRequests(calls).length;

    await userEvent.click(screen.getByRole('button', { name: /Status of Grace Hopper: Shortlisted/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'New' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/job/job-1/application/a2/status', body: { data: { status: 'new' } } },
      ]),
    );
    await waitFor(() => expect(listRequests(calls).length).toBeGreaterThan(before));
    // Choosing from the menu does not open the applicant behind it.
    expect(location()).toBe('/jobs/job-1/view');
  });

  it('offers the calendar link in the interview email when the sender has one', async () => {
    const calls = patchServer();
    renderApplicantsPage(<JobApplicants />, {
      me: makeManager({ calendarLink: 'https://calendly.com/ann' }),
    });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: /Status of Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Interviewing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ada Lovelace to an interview' });
    expect(within(dialog).getByRole('checkbox', { name: /calendar link/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status and send email' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        status: 'interviewing',
        isIncludeCalendarLink: true,
      }),
    );
  });

  it('gives a viewer neither the status menu nor the Actions menu', async () => {
    applicantsServer({ applicants: team() });
    renderApplicantsPage(<JobApplicants />, { me: makeManager({ role: 0 }) });
    await screen.findByRole('link', { name: 'Ada Lovelace' });

    expect(screen.queryByRole('button', { name: /Status of/ })).not.toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLES } from '@hirecast/domain/constants';
import type { TApplicant } from '@hirecast/domain/application';
import type { TCall } from '../../../test/mock-api.ts';
import {
  applicantsServer,
  makeApplicant,
  makeManager,
  renderApplicantsPage,
} from '../components/applicants-test-utils.tsx';
import { Component as JobApplicants } from './job-applicants.tsx';

// Issue 25 in the applicants list: each row's interview state and score, and "Invite to interview" from a row.

const jobInterview = (asStage = true) => ({
  _id: 'i1',
  jobId: 'job-1',
  inApply: false,
  asStage,
  practiceQuestion: false,
  questions: [1, 2, 3].map((n) => ({ _id: `q${n}`, position: n - 1, prompt: `Q${n}` })),
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function server(applicants: TApplicant[], { asStage = true } = {}) {
  const list = [...applicants];
  const calls: TCall[] = applicantsServer({
    applicants: list,
    extra: (call) => {
      if (call.method === 'GET' && call.path === '/job/job-1/interview')
        return { body: { data: jobInterview(asStage) } };
      const invited = /^\/job\/job-1\/application\/(\w+)\/interview\/invite$/.exec(call.path);
      if (call.method === 'POST' && invited) {
        const i = list.findIndex((a) => a._id === invited[1]);
        list[i] = { ...list[i]!, interview: { state: 'invited', score: null, answered: 0, total: 3 } };
        return { status: 201, body: { data: {} } };
      }
      return undefined;
    },
  });
  return calls;
}

const people = () => [
  makeApplicant({
    _id: 'a1',
    name: 'Ada Lovelace',
    interview: { state: 'completed', score: 4.5, answered: 3, total: 3 },
  }),
  makeApplicant({
    _id: 'a2',
    name: 'Grace Hopper',
    sentAt: '2026-11-04T09:30:00.000Z',
    interview: { state: 'started', score: null, answered: 1, total: 3 },
  }),
  makeApplicant({ _id: 'a3', name: 'Alan Turing', sentAt: '2026-11-05T09:30:00.000Z', interview: null }),
  makeApplicant({
    _id: 'a4',
    name: 'Joan Clarke',
    status: 'withdrawn',
    sentAt: '2026-11-02T09:30:00.000Z',
    interview: null,
  }),
];

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLTableRowElement;

describe('the applicants list and the interview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row’s interview state and score, and invites from a row', async () => {
    const calls = server(people());
    renderApplicantsPage(<JobApplicants />);
    expect(await screen.findByRole('columnheader', { name: 'Interview' })).toBeInTheDocument();
    const ada = await rowOf('Ada Lovelace');
    expect(within(ada).getByText('Completed')).toBeInTheDocument();
    expect(ada).toHaveTextContent('4.5out of 5 (interview score)');
    expect(await rowOf('Grace Hopper')).toHaveTextContent('In progress 1/3');
    // Nobody who already has an interview, or who withdrew, is offered an invitation.
    expect(within(ada).queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(within(await rowOf('Joan Clarke')).queryByRole('button', { name: /Invite/ })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Invite Alan Turing to interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to interview' });
    expect(dialog).toHaveTextContent('Alan Turing gets an email with a private link to answer the job’s 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to Alan Turing')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/job/job-1/application/a3/interview/invite', body: { days: 7 } },
    ]);
    // The list reads again and shows the new state; the row (still the one clicked) stays put.
    await waitFor(async () => expect(await rowOf('Alan Turing')).toHaveTextContent('Invited'));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/job-1/view');
  });

  it('offers no invitation to viewers, nor when the job’s interview takes none', async () => {
    // Asserted once the job's interview has been read (before, nobody is offered one anyway).
    const settled = async (calls: TCall[]) => {
      await waitFor(() => expect(calls.some((c) => c.path === '/job/job-1/interview')).toBe(true));
      await act(async () => {});
      expect(within(await rowOf('Ada Lovelace')).getByText('Completed')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /to interview/ })).toBeNull();
    };
    const viewerCalls = server(people());
    const view = renderApplicantsPage(<JobApplicants />, { me: makeManager({ role: ROLES.viewer }) });
    await settled(viewerCalls);
    view.unmount();

    const calls = server(people(), { asStage: false });
    renderApplicantsPage(<JobApplicants />);
    await settled(calls);
  });
});

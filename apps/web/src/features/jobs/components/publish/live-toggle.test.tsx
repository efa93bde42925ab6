import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { makeBillingState, makeJob } from '../../../../test/fixtures.ts';
import {
  makeCompany,
  makeMe,
  mockApi,
  renderWithApp,
  type TCall,
} from '../dashboard/dashboard-test-utils.tsx';
import { LiveToggle } from './live-toggle.tsx';

// Answers the status and me calls like the server would; the job comes back with the new status.
function serverFor(job: TJob, statusReply?: { status: number; body: unknown }) {
  return mockApi((call: TCall) => {
    if (call.method === 'PATCH' && call.path === `/job/${job._id}/status`) {
      return statusReply ?? { body: { data: { ...job, status: (call.body as { status: string }).status } } };
    }
    if (call.method === 'PATCH' && call.path === '/manager/me') return { body: { data: makeMe() } };
    if (call.method === 'GET' && call.path.startsWith('/company/')) return { body: { data: makeCompany() } };
    if (call.method === 'GET' && call.path.startsWith('/job')) return { body: { data: [job] } };
    return undefined;
  });
}

const statusCalls = (calls: TCall[]) => calls.filter((c) => c.path.endsWith('/status'));

describe('LiveToggle picks what decidePublish says', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('toggles a closed job open when nothing stands in the way', async () => {
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    await waitFor(() =>
      expect(statusCalls(calls)).toEqual([
        { method: 'PATCH', path: '/job/job-1/status', body: { status: 'open' } },
      ]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('“Head Chef” is live: candidates can apply.')).toBeInTheDocument();
  });

  it('says so when a live job is unpublished', async () => {
    const live = makeJob({ _id: 'job-2', title: 'Barista', status: 'open' });
    const calls = serverFor(live);
    renderWithApp(<LiveToggle job={live} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Barista' }));
    expect(
      await screen.findByText('“Barista” is no longer live: candidates cannot apply.'),
    ).toBeInTheDocument();
    expect(statusCalls(calls)[0]?.body).toEqual({ status: 'closed' });
  });

  it('is disabled for a viewer, with the spec tooltip', async () => {
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { me: makeMe({ role: 0 }) });
    const control = screen.getByRole('switch', { name: 'Live: Head Chef' });
    expect(control).toBeDisabled();
    await userEvent.hover(screen.getByTestId('live-toggle-viewer'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(jobMessages.viewerCannotPublish);
    expect(statusCalls(calls)).toHaveLength(0);
  });

  it('warns an unverified user and sends nothing', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { me: makeMe({ needVerification: true }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    expect(warning).toHaveBeenCalledWith(jobMessages.confirmEmailToPublish);
    expect(statusCalls(calls)).toHaveLength(0);
  });

  it('shows the limit dialog with Contact us when the plan limit is reached', async () => {
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { company: makeCompany({ activeJobs: 5 }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    const dialog = await screen.findByRole('dialog', { name: jobMessages.activeJobLimit });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    await userEvent.click(screen.getByRole('link', { name: 'Contact us' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact-us');
    expect(statusCalls(calls)).toHaveLength(0);
  });

  it('on the free plan names the free plan as the reason (issue 23 item 8)', async () => {
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, {
      billing: makeBillingState({ subscription: null, plan: { name: 'Free', activeJobLimit: 0 } }),
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    const dialog = await screen.findByRole('dialog', { name: jobMessages.freePlanLimitTitle });
    expect(dialog).toHaveTextContent('Choose a plan to publish more jobs at the same time');
    expect(screen.queryByText(jobMessages.activeJobLimit)).not.toBeInTheDocument();
    expect(statusCalls(calls)).toHaveLength(0);
  });

  it("first job: 'Cancel' publishes anyway and marks the user as redirected", async () => {
    const job = makeJob({ isFirstJob: true });
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { me: makeMe({ isUserWasRedirected: false }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    await screen.findByRole('dialog', { name: 'Add details to your first job?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(statusCalls(calls)).toEqual([
        {
          method: 'PATCH',
          path: '/job/job-1/status',
          body: { status: 'open', acknowledged: { firstJob: true } },
        },
      ]),
    );
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: '/manager/me',
      body: { isUserWasRedirected: true },
    });
  });

  it("first job: 'Edit details' marks redirected and opens the edit page", async () => {
    const job = makeJob({ isFirstJob: true });
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { me: makeMe({ isUserWasRedirected: false }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/job-1/edit{"redirectedFirstJob":true}');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/manager/me',
        body: { isUserWasRedirected: true },
      }),
    );
    expect(statusCalls(calls)).toHaveLength(0);
  });

  it("redirecting company without a link: 'Publish anyway' publishes with the prompt acknowledged", async () => {
    const job = makeJob();
    const calls = serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { company: makeCompany({ isRedirectJobs: true }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    await screen.findByRole('dialog', { name: 'This job has no application link' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish anyway' }));
    await waitFor(() =>
      expect(statusCalls(calls)).toEqual([
        {
          method: 'PATCH',
          path: '/job/job-1/status',
          body: { status: 'open', acknowledged: { redirectUrl: true } },
        },
      ]),
    );
  });

  it("redirect prompt: 'Edit job' opens the edit page", async () => {
    const job = makeJob();
    serverFor(job);
    renderWithApp(<LiveToggle job={job} />, { company: makeCompany({ isRedirectJobs: true }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit job' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/job-1/edit');
  });

  it('closes an open job even at the limit, and shows the status failure toast when the server fails', async () => {
    const job = makeJob({ status: 'open' });
    const calls = serverFor(job, { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } });
    renderWithApp(<LiveToggle job={job} />, { company: makeCompany({ activeJobs: 99 }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Live: Head Chef' }));
    expect(await screen.findByText(jobMessages.statusFailure)).toBeInTheDocument();
    expect(statusCalls(calls)[0]?.body).toEqual({ status: 'closed' });
  });
});

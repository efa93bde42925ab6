import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import type { TManager } from '@hirecast/domain/auth';
import {
  billingMessages,
  planChangeRefusal,
  type TBillingFeatures,
  type TBillingState,
} from '@hirecast/domain/billing';
import { meQueryKey } from '../../../lib/me.ts';
import { makeBillingState, makeManager } from '../../../test/fixtures.ts';
import { mockApi, type TCall } from '../../../test/mock-api.ts';
import { Component as PlansPage } from './plans.tsx';

const product = (id: string, name: string, base: number) => ({
  id,
  priceId: `price_${id}`,
  name,
  description: `${name} description`,
  borderColor: '#2E7D32',
  prices: { '1': base, '3': base * 3, '5': base * 5, more: null },
  allows: { videoApplications: true, videoJobPosts: true, preLaunch: false },
});
const CATALOGUE: TBillingFeatures = {
  products: [
    product('posts', 'Video First Job Posts', 2900),
    product('complete', 'Video First Complete', 5900),
  ],
  features: [
    {
      category: 'Job posts',
      name: 'Video job posts',
      description: 'Add a video to a job post.',
      plans: ['posts', 'complete'],
      comingSoon: false,
      actionContent: null,
    },
  ],
};
const onComplete = (jobs: number, activeJobs = 1): TBillingState =>
  makeBillingState({
    subscription: { ...makeBillingState().subscription!, productId: 'complete', jobs },
    plan: { name: 'Video First Complete', activeJobLimit: jobs },
    activeJobs,
  });
const FREE = makeBillingState({
  subscription: null,
  plan: { name: 'Free', activeJobLimit: 0 },
  canManageBilling: false,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPlans({
  me = makeManager(),
  billing = FREE,
  path = '/plans',
  reply,
}: {
  me?: TManager;
  billing?: TBillingState;
  path?: string;
  reply?: (call: TCall) => { status?: number; body: unknown } | undefined;
} = {}) {
  const calls = mockApi((call) => {
    const answer = reply?.(call);
    if (answer) return answer;
    if (call.path === '/billing/features') return { body: { data: CATALOGUE } };
    if (call.path === '/billing/subscription') return { body: { data: billing } };
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/plans" element={<PlansPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const card = (name: string) => screen.getByRole('region', { name });
const pick = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(screen.getByRole('radiogroup', { name: 'Active jobs' })).getByRole('radio', { name }));

describe('/plans', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows viewers the no-access page and asks the server nothing about billing', async () => {
    const calls = renderPlans({ me: makeManager({ role: 0 }) });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to plans" }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/billing/subscription'))).toHaveLength(0);
  });

  it('shows job managers the admin-only message and the states without working buttons', async () => {
    renderPlans({ me: makeManager({ role: 1 }), billing: onComplete(3) });
    expect(await screen.findByText(billingMessages.adminOnly)).toBeInTheDocument();
    expect(within(card('Video First Job Posts')).getByRole('button', { name: 'Switch' })).toBeDisabled();
    expect(within(card('Video First Complete')).getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Billing management' })).not.toBeInTheDocument();
  });

  it('tells admins of a company from before plans that it keeps its old limit (decision 025)', async () => {
    const legacy = { ...FREE, plan: { ...FREE.plan, name: 'Starter', activeJobLimit: 5 }, legacyPlan: true };
    renderPlans({ billing: legacy });
    expect(await screen.findByText(billingMessages.legacyPlanNotice)).toBeInTheDocument();
    expect(screen.getByText('Starter · 5 active jobs from before plans')).toBeInTheDocument();
  });

  it('shows no notice of an old limit to a company that has none', async () => {
    renderPlans();
    await screen.findByRole('region', { name: 'Video First Complete' });
    expect(screen.queryByText(billingMessages.legacyPlanNotice)).not.toBeInTheDocument();
  });

  it('prices every card for the picked job count, in pounds per month and per active job', async () => {
    const user = userEvent.setup();
    renderPlans();
    await screen.findByRole('region', { name: 'Video First Complete' });
    await pick(user, '3 jobs');
    expect(card('Video First Complete')).toHaveTextContent('£177 per month');
    expect(card('Video First Complete')).toHaveTextContent('£59 per active job · 3 active jobs');
    expect(within(card('Video First Job Posts')).getByRole('button', { name: 'Choose plan' })).toBeEnabled();
    await pick(user, 'More');
    expect(card('Video First Complete')).toHaveTextContent('More than 5 active jobs');
    expect(within(card('Video First Complete')).getByRole('button', { name: 'Contact us' })).toBeEnabled();
  });

  it('shows Current plan with the remaining jobs, then Increase, Decrease and Switch', async () => {
    const user = userEvent.setup();
    renderPlans({ billing: onComplete(3, 1) });
    const complete = await screen.findByRole('region', { name: 'Video First Complete' });
    expect(within(complete).getByRole('status')).toHaveTextContent('Current plan2 active jobs remaining');
    expect(within(card('Video First Job Posts')).getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    await pick(user, '5 jobs');
    expect(within(complete).getByRole('button', { name: 'Increase' })).toBeInTheDocument();
    await pick(user, '1 job');
    expect(within(complete).getByRole('button', { name: 'Decrease' })).toBeInTheDocument();
  });

  it('refuses in the dialog a decrease below the live jobs, saying how many to close (issue 23 item 3)', async () => {
    const user = userEvent.setup();
    const calls = renderPlans({ billing: onComplete(3, 3) });
    await screen.findByRole('region', { name: 'Video First Complete' });
    await pick(user, '1 job');
    await user.click(within(card('Video First Complete')).getByRole('button', { name: 'Decrease' }));
    const confirm = screen.getByRole('dialog', { name: 'Decrease your active jobs?' });
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      planChangeRefusal({ activeJobs: 3, jobs: 1 })!,
    );
    expect(within(confirm).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the server refusal in the dialog when another tab published meanwhile', async () => {
    const user = userEvent.setup();
    const refusal = planChangeRefusal({ activeJobs: 2, jobs: 1 })!;
    renderPlans({
      billing: onComplete(3, 1),
      reply: (call) =>
        call.path === '/billing/update'
          ? { status: 409, body: { error: { code: 'CONFLICT', message: refusal } } }
          : undefined,
    });
    await screen.findByRole('region', { name: 'Video First Complete' });
    await pick(user, '1 job');
    await user.click(within(card('Video First Complete')).getByRole('button', { name: 'Decrease' }));
    const confirm = screen.getByRole('dialog', { name: 'Decrease your active jobs?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm change' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('changes a live subscription after confirming, then confirms the change (not a payment)', async () => {
    const user = userEvent.setup();
    const calls = renderPlans({
      billing: onComplete(3, 1),
      reply: (call) =>
        call.method === 'POST' && call.path === '/billing/update'
          ? { body: { data: { redirectUrl: 'http://localhost/plans?success=1' } } }
          : undefined,
    });
    await screen.findByRole('region', { name: 'Video First Complete' });
    await pick(user, '1 job');
    await user.click(within(card('Video First Complete')).getByRole('button', { name: 'Decrease' }));
    const confirm = screen.getByRole('dialog', { name: 'Decrease your active jobs?' });
    expect(within(confirm).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm change' }));
    const done = await screen.findByRole('dialog', { name: billingMessages.planChanged });
    expect(done).toHaveTextContent('The difference is credited pro rata on your next invoice.');
    expect(done).not.toHaveTextContent(/payment/i);
    expect(screen.getByTestId('where')).toHaveTextContent('/plans?success=1&change=decrease');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/billing/update', body: { priceId: 'price_complete', amount: 1 } },
    ]);
  });

  it('shows the server message when a checkout cannot start', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const user = userEvent.setup();
    const calls = renderPlans({
      reply: (call) =>
        call.path === '/billing'
          ? { status: 409, body: { error: { code: 'CONFLICT', message: billingMessages.alreadySubscribed } } }
          : undefined,
    });
    await screen.findByRole('region', { name: 'Video First Job Posts' });
    await user.click(within(card('Video First Job Posts')).getByRole('button', { name: 'Choose plan' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(billingMessages.alreadySubscribed));
    expect(calls.find((c) => c.path === '/billing')?.body).toEqual({ priceId: 'price_posts', amount: 1 });
  });

  it('shows the unsuccessful-payment dialog for success=0 and drops the value on close', async () => {
    const user = userEvent.setup();
    renderPlans({ path: '/plans?success=0' });
    const dialog = await screen.findByRole('dialog', { name: 'Payment unsuccessful' });
    expect(dialog).toHaveTextContent(billingMessages.paymentFailed);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/plans$/));
  });

  it('sends a custom plan request, highlighting a missing name for 1.5 s and asking before discarding', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const user = userEvent.setup();
    const calls = renderPlans({
      reply: (call) =>
        call.path === '/billing/contact' ? { status: 201, body: { data: { sent: true } } } : undefined,
    });
    await screen.findByRole('region', { name: 'Video First Complete' });
    await pick(user, 'More');
    await user.click(within(card('Video First Complete')).getByRole('button', { name: 'Contact us' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for a custom plan' });
    expect(dialog).toHaveTextContent('Video First Complete, more than 5 active jobs');
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Ann Lee');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Please fill the required field: Name')).toBeInTheDocument();
    expect(name).toHaveFocus();
    await waitFor(
      () =>
        expect(within(dialog).queryByText('Please fill the required field: Name')).not.toBeInTheDocument(),
      { timeout: 2500 },
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('dialog', { name: 'Please save the data before you close' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await user.type(name, 'Ann Lee');
    await user.type(within(dialog).getByLabelText(/^Message/), 'We hire 40 people a year.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(billingMessages.planRequestSent));
    expect(calls.find((c) => c.path === '/billing/contact')?.body).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.com',
      message: 'We hire 40 people a year.',
      plan: 'Video First Complete, more than 5 active jobs',
    });
  });
});

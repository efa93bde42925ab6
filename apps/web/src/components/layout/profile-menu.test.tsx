import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import type { TBillingState } from '@hirecast/domain/billing';
import { subscriptionQueryKey } from '../../lib/billing.ts';
import { makeBillingState, makeManager } from '../../test/fixtures.ts';
import { ProfileMenu } from './profile-menu.tsx';

const me = makeManager({
  firstName: 'Ada',
  lastName: 'Lovelace',
  _companies: [
    { _id: 'c1', name: 'Acme', logo: null, role: 2 },
    { _id: 'c2', name: 'Globex', logo: null, role: 1 },
    { _id: 'c3', name: 'Initech', logo: null, role: 0 },
  ],
  _company: 'c1',
  role: 2,
});

async function openMenu(manager: TManager, billing: TBillingState | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (billing) client.setQueryData(subscriptionQueryKey(manager._company), billing);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileMenu me={manager} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: /Profile menu for/ }));
  return screen.getByRole('menu');
}

describe('ProfileMenu', () => {
  it('lists the other companies, each with the role the person has there', async () => {
    const menu = await openMenu(me);
    const others = within(within(menu).getByRole('group', { name: 'Your other companies' }));
    expect(others.getByRole('menuitem', { name: 'Globex Job Manager' })).toBeInTheDocument();
    expect(others.getByRole('menuitem', { name: 'Initech Viewer' })).toBeInTheDocument();
    expect(others.queryByRole('menuitem', { name: /Acme/ })).not.toBeInTheDocument();
    // The current company and its role head the menu.
    expect(within(menu).getByText('Acme')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
  });

  it('follows the current company: a viewer there sees Viewer and the admin company in the list', async () => {
    const menu = await openMenu({ ...me, _company: 'c3', role: 0 });
    expect(within(menu).getByText('Viewer')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Acme Admin' })).toBeInTheDocument();
  });

  it('has Settings, and no Billing management without an active subscription', async () => {
    const menu = await openMenu(me, makeBillingState({ subscription: null, canManageBilling: false }));
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).queryByText(/Billing management/)).not.toBeInTheDocument();
  });

  it('links to Plans for job managers (and admins)', async () => {
    const menu = await openMenu({ ...me, role: 1 });
    expect(within(menu).getByRole('menuitem', { name: 'Plans' })).toHaveAttribute('href', '/plans');
  });

  it('has no Plans link for a viewer', async () => {
    const menu = await openMenu({ ...me, _company: 'c3', role: 0 });
    expect(within(menu).queryByRole('menuitem', { name: 'Plans' })).not.toBeInTheDocument();
  });

  it('offers Billing management to an admin of a company with an active subscription only', async () => {
    const menu = await openMenu(me, makeBillingState());
    expect(within(menu).getByRole('menuitem', { name: 'Billing management' })).toBeInTheDocument();
  });

  it('never offers Billing management to a job manager', async () => {
    const menu = await openMenu({ ...me, role: 1 }, makeBillingState());
    expect(within(menu).queryByText(/Billing management/)).not.toBeInTheDocument();
  });
});

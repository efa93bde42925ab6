import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsMessages } from '@hirecast/domain/settings';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { makeCompany, renderSettings, settingsApi } from '../components/settings-test-utils.tsx';

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Settings sections' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('/settings', () => {
  beforeEach(() => session.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the six tabs to an admin, Company first, and moves between them in the tab query', async () => {
    settingsApi({});
    renderSettings();
    expect(await screen.findByLabelText(/Company name/)).toHaveValue('Acme');
    expect(tabNames()).toEqual(['Company', 'Personal', 'Team', 'Texts', 'Privacy', 'Integrations']);
    expect(screen.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(settingsMessages.adminsOnly)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Team' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/settings?tab=team');
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });

  it('adds the Agency tab for an agency company', async () => {
    settingsApi({
      company: makeCompany({
        isAgency: true,
        agency: { _id: 'ag1', name: 'Hire Co', email: 'jobs@hire.co', phone: '+447700900123', logo: null },
      }),
    });
    renderSettings('/settings?tab=agency');
    expect(await screen.findByLabelText(/Agency name/)).toHaveValue('Hire Co');
    expect(tabNames()).toEqual(['Company', 'Personal', 'Team', 'Texts', 'Agency', 'Privacy', 'Integrations']);
  });

  it('gives a self-invited person the personal tab only, with no tab bar', async () => {
    settingsApi({});
    renderSettings('/settings?tab=company', makeManager({ selfInvited: true }));
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Ann');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Company name/)).not.toBeInTheDocument();
  });

  it.each([
    ['a job manager', 1],
    ['a viewer', 0],
  ])('shows %s the company read-only with the admins-only message', async (_who, role) => {
    settingsApi({});
    renderSettings('/settings?tab=company', makeManager({ role }));
    expect(await screen.findByText(settingsMessages.adminsOnly)).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'This company is a recruitment agency' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    // Nothing to fill from a website, and an empty list of links says so.
    expect(screen.queryByLabelText('Website or profile link')).not.toBeInTheDocument();
    expect(screen.getByText('No social links yet.')).toBeInTheDocument();
  });

  it('shows the texts read-only to a non-admin', async () => {
    settingsApi({});
    renderSettings('/settings?tab=texts', makeManager({ role: 1 }));
    expect(await screen.findByText(settingsMessages.adminsOnly)).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says when the company cannot be loaded and tries again', async () => {
    let fail = true;
    settingsApi({}, (call) =>
      call.path === '/company/c1' && fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'The company could not be loaded.' } } }
        : undefined,
    );
    renderSettings();
    expect(await screen.findByText('The company could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Company name/)).toHaveValue('Acme');
  });
});

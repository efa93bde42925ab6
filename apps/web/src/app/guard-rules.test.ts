import { describe, expect, it } from 'vitest';
import type { TManager } from '@hirecast/domain/auth';
import {
  companyIdToStore,
  companySwitch,
  decideRoute,
  loginDestination,
  redirectToSave,
  type TGuardInput,
} from './guard-rules.ts';
import { makeManager } from '../test/fixtures.ts';

const me = (overrides: Partial<TManager> = {}): TManager =>
  makeManager({
    _companies: [
      { _id: 'c1', name: 'Acme', logo: null, role: 2 },
      { _id: 'c2', name: 'Globex', logo: null, role: 1 },
    ],
    ...overrides,
  });

const input = (overrides: Partial<TGuardInput> = {}): TGuardInput => ({
  access: 'private',
  signedOut: false,
  me: me(),
  meFailed: false,
  pathname: '/jobs',
  search: '',
  storedCompanyId: 'c1',
  savedRedirect: null,
  ...overrides,
});

describe('decideRoute: public-only routes', () => {
  it('renders for visitors without a token', () => {
    expect(decideRoute(input({ access: 'public-only', signedOut: true, me: undefined }))).toEqual({
      type: 'render',
    });
  });

  it('waits while me is loading, without redirecting', () => {
    expect(decideRoute(input({ access: 'public-only', me: undefined }))).toEqual({ type: 'wait' });
  });

  it('sends a signed-in user to /jobs', () => {
    expect(decideRoute(input({ access: 'public-only' }))).toMatchObject({ type: 'redirect', to: '/jobs' });
  });

  it('sends a signed-in user to the saved redirect and consumes it', () => {
    expect(decideRoute(input({ access: 'public-only', savedRedirect: '/settings' }))).toEqual({
      type: 'redirect',
      to: '/settings',
      consumeSavedRedirect: true,
    });
  });

  it('sends a self-invited user to personal settings, keeping the saved redirect', () => {
    expect(
      decideRoute(
        input({ access: 'public-only', me: me({ selfInvited: true }), savedRedirect: '/analytics' }),
      ),
    ).toEqual({ type: 'redirect', to: '/settings?tab=personal', consumeSavedRedirect: false });
  });

  it('sends a user without companies to /company/new', () => {
    expect(
      decideRoute(input({ access: 'public-only', me: me({ _companies: [], _company: null, role: null }) })),
    ).toMatchObject({
      type: 'redirect',
      to: '/company/new',
    });
  });

  it('lets the user sign in again when me failed', () => {
    expect(decideRoute(input({ access: 'public-only', me: undefined, meFailed: true }))).toEqual({
      type: 'render',
    });
  });
});

describe('decideRoute: private routes', () => {
  it('sends visitors to /sign-in and saves the path with its company and communication values', () => {
    expect(
      decideRoute(
        input({
          signedOut: true,
          me: undefined,
          pathname: '/jobs/j1/view',
          search: '?company=c2&tab=x&communication=1',
        }),
      ),
    ).toEqual({ type: 'redirect', to: '/sign-in', saveRedirect: '/jobs/j1/view?company=c2&communication=1' });
  });

  it('waits while me is loading', () => {
    expect(decideRoute(input({ me: undefined }))).toEqual({ type: 'wait' });
  });

  it('reports a failed me', () => {
    expect(decideRoute(input({ me: undefined, meFailed: true }))).toEqual({ type: 'failed' });
  });

  it('renders for a verified member', () => {
    expect(decideRoute(input())).toEqual({ type: 'render' });
  });

  it('sends a user without companies to /company/new', () => {
    const noCompany = me({ _companies: [], _company: null, role: null });
    expect(decideRoute(input({ me: noCompany }))).toEqual({ type: 'redirect', to: '/company/new' });
  });

  it('lets a user without companies stay on /company/new', () => {
    const noCompany = me({ _companies: [], _company: null, role: null });
    expect(decideRoute(input({ access: 'private-without-company', me: noCompany }))).toEqual({
      type: 'render',
    });
  });

  it('sends an unverified viewer to /confirm-email', () => {
    expect(decideRoute(input({ me: me({ role: 0, needVerification: true }) }))).toEqual({
      type: 'redirect',
      to: '/confirm-email',
    });
  });

  it('lets an unverified job manager in (the banner asks them)', () => {
    expect(decideRoute(input({ me: me({ role: 1, needVerification: true }) }))).toEqual({ type: 'render' });
  });

  it('switches to the company named in the query and drops it from the URL', () => {
    expect(decideRoute(input({ pathname: '/jobs/j1/view', search: '?company=c2&viewMode=grid' }))).toEqual({
      type: 'switch-company',
      companyId: 'c2',
      url: '/jobs/j1/view?viewMode=grid',
    });
  });
});

// Issue 27: the person's own name before anything else.
describe('decideRoute: a person whose name is needed', () => {
  it('sends them from any private route, even without a company, to /your-name', () => {
    for (const access of ['private', 'private-without-company'] as const) {
      expect(decideRoute(input({ access, me: me({ needsName: true, _companies: [] }) }))).toEqual({
        type: 'redirect',
        to: '/your-name',
      });
    }
  });

  it('sends them there from the sign-in pages, keeping the saved redirect for later', () => {
    expect(
      decideRoute(
        input({ access: 'public-only', me: me({ needsName: true }), savedRedirect: '/jobs/1/edit' }),
      ),
    ).toEqual({ type: 'redirect', to: '/your-name', consumeSavedRedirect: false });
  });

  it('renders the name screen for them, without a company', () => {
    expect(decideRoute(input({ access: 'name', me: me({ needsName: true, _companies: [] }) }))).toEqual({
      type: 'render',
    });
  });
});

describe('companySwitch', () => {
  it('ignores the current company and companies the user does not belong to', () => {
    expect(companySwitch(me(), '/jobs', '?company=c1', 'c1')).toBeNull();
    expect(companySwitch(me(), '/jobs', '?company=other', 'c1')).toBeNull();
    expect(companySwitch(me(), '/jobs', '', 'c1')).toBeNull();
  });
  it('keeps the path clean when company was the only value', () => {
    expect(companySwitch(me(), '/settings', '?company=c2', 'c1')).toEqual({
      companyId: 'c2',
      url: '/settings',
    });
  });
});

describe('companyIdToStore', () => {
  it('keeps a stored company that is still the user’s', () => {
    expect(companyIdToStore(me(), 'c2')).toBeUndefined();
  });
  it('adopts the server’s current company when none is stored or the stored one is foreign', () => {
    expect(companyIdToStore(me(), null)).toBe('c1');
    expect(companyIdToStore(me(), 'gone')).toBe('c1');
  });
  it('clears a stale id when the user has no company', () => {
    expect(companyIdToStore(me({ _companies: [], _company: null }), 'gone')).toBeNull();
    expect(companyIdToStore(me({ _companies: [], _company: null }), null)).toBeUndefined();
  });
});

describe('redirectToSave and loginDestination', () => {
  it('keeps only company, company-id and communication', () => {
    expect(redirectToSave('/jobs', '?company-id=c2&q=x')).toBe('/jobs?company-id=c2');
    expect(redirectToSave('/settings', '?tab=personal')).toBe('/settings');
  });
  it('prefers the saved redirect over /jobs', () => {
    expect(loginDestination(me(), '/plans')).toEqual({ to: '/plans', consumeSavedRedirect: true });
    expect(loginDestination(me(), null)).toEqual({ to: '/jobs', consumeSavedRedirect: false });
  });
});

import { describe, expect, it } from 'vitest';
import { resolveTab, visibleTabs } from './settings-tabs.ts';

describe('settings tabs', () => {
  it('shows Company, Personal, Team and Texts, plus Agency for an agency', () => {
    expect(visibleTabs({ selfInvited: false, isAgency: false })).toEqual([
      'company',
      'personal',
      'team',
      'texts',
    ]);
    expect(visibleTabs({ selfInvited: false, isAgency: true })).toEqual([
      'company',
      'personal',
      'team',
      'texts',
      'agency',
    ]);
  });

  it('adds Privacy and Integrations for admins', () => {
    expect(visibleTabs({ selfInvited: false, isAgency: false, isAdmin: true })).toEqual([
      'company',
      'personal',
      'team',
      'texts',
      'privacy',
      'integrations',
    ]);
  });

  it('gives a self-invited person the personal tab only', () => {
    expect(visibleTabs({ selfInvited: true, isAgency: true })).toEqual(['personal']);
  });

  it('shows the asked tab when visible, Personal for ?focus=calendarLink, else the first', () => {
    const tabs = visibleTabs({ selfInvited: false, isAgency: false });
    expect(resolveTab({ tab: 'team', focus: null, tabs })).toBe('team');
    expect(resolveTab({ tab: 'agency', focus: null, tabs })).toBe('company');
    expect(resolveTab({ tab: null, focus: 'calendarLink', tabs })).toBe('personal');
    expect(resolveTab({ tab: 'nonsense', focus: null, tabs })).toBe('company');
    expect(resolveTab({ tab: 'company', focus: null, tabs: ['personal'] })).toBe('personal');
  });
});

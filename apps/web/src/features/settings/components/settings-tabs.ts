// spec 2 §2 Settings page: the tabs, held in the `tab` query value.
export const SETTINGS_TABS = [
  'company',
  'personal',
  'team',
  'texts',
  'agency',
  'privacy',
  'integrations',
] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export const TAB_LABELS: Record<TSettingsTab, string> = {
  company: 'Company',
  personal: 'Personal',
  team: 'Team',
  texts: 'Texts',
  agency: 'Agency',
  privacy: 'Privacy',
  integrations: 'Integrations',
};

/**
 * Company, Personal, Team, Texts, plus Agency for an agency, and Privacy (issue 26) and Integrations (issue 35)
 * for admins; a self-invited person has Personal only.
 */
export function visibleTabs(input: {
  selfInvited: boolean;
  isAgency: boolean;
  isAdmin?: boolean;
}): TSettingsTab[] {
  if (input.selfInvited) return ['personal'];
  return SETTINGS_TABS.filter(
    (tab) =>
      (tab !== 'agency' || input.isAgency) &&
      ((tab !== 'privacy' && tab !== 'integrations') || input.isAdmin === true),
  );
}

/**
 * The tab to show for the query values: the asked one when it is visible; Personal when a personal field is to
 * be focused (`?focus=calendarLink`); else the first visible tab.
 */
export function resolveTab(input: {
  tab: string | null;
  focus: string | null;
  tabs: readonly TSettingsTab[];
}): TSettingsTab {
  const asked = input.tabs.find((t) => t === input.tab);
  if (asked) return asked;
  if (input.focus === 'calendarLink' && input.tabs.includes('personal')) return 'personal';
  return input.tabs[0] ?? 'personal';
}

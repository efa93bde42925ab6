import { ROLES } from '@hirecast/domain/constants';

// spec 1 §2 Shell: the company areas. Employer is for the top role only.
export type TNavItem = { to: string; label: string; adminOnly: boolean };

const JOBS: TNavItem = { to: '/jobs', label: 'Jobs', adminOnly: false };
const EMPLOYER: TNavItem = { to: '/employer', label: 'Employer', adminOnly: true };
const REST: TNavItem[] = [
  { to: '/content', label: 'Content', adminOnly: false },
  { to: '/analytics', label: 'Analytics', adminOnly: false },
  { to: '/settings', label: 'Settings', adminOnly: false },
  { to: '/onboarding', label: 'Onboarding', adminOnly: false },
];

const visibleFor = (role: number | null) => (item: TNavItem) => !item.adminOnly || role === ROLES.admin;

// Wide screens: Jobs, Employer, Content, Analytics, Settings, Onboarding.
export const topNavItems = (role: number | null) => [JOBS, EMPLOYER, ...REST].filter(visibleFor(role));
// The mobile side navigation starts with Employer.
export const sideNavItems = (role: number | null) => [EMPLOYER, JOBS, ...REST].filter(visibleFor(role));

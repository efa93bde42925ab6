import type { TManager } from '@hirecast/domain/auth';
import { session } from './session.ts';

// spec 1 §2 Route guarding and Sign-in: where an authorized user goes from a public page.
// Self-invited users go to their personal settings; otherwise the saved redirect (used once), else
// /jobs with a company, else /company/new.
export function afterLoginPath(me: TManager): string {
  if (me.selfInvited) return '/settings?tab=personal';
  const saved = session.getRedirect();
  if (saved) {
    session.clearRedirect();
    return saved;
  }
  return me._companies.length > 0 ? '/jobs' : '/company/new';
}

import type { TManager } from '@hirecast/domain/auth';
import { session } from './session.ts';

/** Issue 27: the screen that asks for the person's own first and last name before the app opens. */
export const YOUR_NAME_PATH = '/your-name';

// spec 1 §2 Route guarding and Sign-in: where an authorized user goes from a public page.
// Self-invited users go to their personal settings; otherwise the saved redirect (used once), else
// /jobs with a company, else /company/new.
export function afterLoginPath(me: TManager): string {
  // Issue 27: the person's own name first; the saved redirect waits for the next sign-in step.
  if (me.needsName) return YOUR_NAME_PATH;
  if (me.selfInvited) return '/settings?tab=personal';
  const saved = session.getRedirect();
  if (saved) {
    session.clearRedirect();
    return saved;
  }
  return me._companies.length > 0 ? '/jobs' : '/company/new';
}

/** Pages of the public site (the server renders them, not this app): reaching one needs a full page load. */
export const isSitePage = (path: string) => /^\/(preview|job|application|s)\//.test(path);

/** Goes to `path` after sign-in: a route of this app in place, a public site page (a job preview) by loading it. */
export function goAfterSignIn(
  navigate: (to: string, options: { replace: boolean }) => unknown,
  path: string,
) {
  if (isSitePage(path)) window.location.assign(path);
  else void navigate(path, { replace: true });
}

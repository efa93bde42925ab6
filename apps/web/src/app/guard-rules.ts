import type { TManager } from '@hirecast/domain/auth';
import { ROLES } from '@hirecast/domain/constants';
import { YOUR_NAME_PATH } from '../lib/auth-redirect.ts';

// spec 1 §2 Route guarding, as pure functions: the guard components only apply what these decide.

export type TRouteAccess = 'public-only' | 'private' | 'private-without-company' | 'name';

export type TGuardInput = {
  access: TRouteAccess;
  // /manager/me answered 401: nobody is signed in. The session cookie is HttpOnly, so that answer is how
  // the app knows (decision 003).
  signedOut: boolean;
  // undefined while /manager/me is loading (or has failed)
  me: TManager | undefined;
  meFailed: boolean;
  pathname: string;
  search: string;
  storedCompanyId: string | null;
  savedRedirect: string | null;
};

export type TGuardDecision =
  | { type: 'render' }
  | { type: 'wait' }
  | { type: 'failed' }
  | { type: 'redirect'; to: string; saveRedirect?: string; consumeSavedRedirect?: boolean }
  | { type: 'switch-company'; companyId: string; url: string };

// spec 1 §2: only the company and communication query values travel with the saved redirect.
const KEPT_QUERY_KEYS = ['company', 'company-id', 'communication'];

export function redirectToSave(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (KEPT_QUERY_KEYS.includes(key)) kept.append(key, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

// spec 1 §2 Sign-in: self-invited users go to their personal settings (the saved redirect stays for later),
// otherwise the saved redirect, else /jobs with a company, else /company/new. Mirrors lib/auth-redirect.ts
// without its side effect so that a render can compute it; the guard clears the saved path when it goes.
export function loginDestination(
  me: TManager,
  savedRedirect: string | null,
): { to: string; consumeSavedRedirect: boolean } {
  if (me.needsName) return { to: YOUR_NAME_PATH, consumeSavedRedirect: false };
  if (me.selfInvited) return { to: '/settings?tab=personal', consumeSavedRedirect: false };
  if (savedRedirect) return { to: savedRedirect, consumeSavedRedirect: true };
  return { to: me._companies.length > 0 ? '/jobs' : '/company/new', consumeSavedRedirect: false };
}

// spec 1 §2: a `company` query value naming one of the user's companies, other than the stored one,
// switches to it: it is stored, the URL loses the value, and the page reloads.
export function companySwitch(
  me: TManager,
  pathname: string,
  search: string,
  storedCompanyId: string | null,
): { companyId: string; url: string } | null {
  const params = new URLSearchParams(search);
  const requested = params.get('company');
  if (!requested || requested === storedCompanyId) return null;
  if (!me._companies.some((c) => c._id === requested)) return null;
  params.delete('company');
  const query = params.toString();
  return { companyId: requested, url: query ? `${pathname}?${query}` : pathname };
}

// The X-Company-Id the API client sends: keep the stored one while it is still one of the user's companies,
// otherwise adopt the server's current company. undefined means "leave the cookie as it is".
export function companyIdToStore(me: TManager, storedCompanyId: string | null): string | null | undefined {
  if (storedCompanyId && me._companies.some((c) => c._id === storedCompanyId)) return undefined;
  const next = me._company ?? me._companies[0]?._id ?? null;
  return next === storedCompanyId ? undefined : next;
}

export function decideRoute(input: TGuardInput): TGuardDecision {
  const { access, signedOut, me } = input;

  if (access === 'public-only') {
    if (signedOut || input.meFailed) return { type: 'render' };
    if (!me) return { type: 'wait' };
    return { type: 'redirect', ...loginDestination(me, input.savedRedirect) };
  }

  if (signedOut) {
    return { type: 'redirect', to: '/sign-in', saveRedirect: redirectToSave(input.pathname, input.search) };
  }
  if (input.meFailed) return { type: 'failed' };
  if (!me) return { type: 'wait' };

  // Issue 27: a person whose name is not theirs yet gives it before anything else; the name screen itself
  // needs no company.
  if (access === 'name') return { type: 'render' };
  if (me.needsName) return { type: 'redirect', to: YOUR_NAME_PATH };

  const switchTo = companySwitch(me, input.pathname, input.search, input.storedCompanyId);
  if (switchTo) return { type: 'switch-company', ...switchTo };

  if (me._companies.length === 0 && access !== 'private-without-company') {
    return { type: 'redirect', to: '/company/new' };
  }
  if (me.role === ROLES.viewer && me.needVerification) return { type: 'redirect', to: '/confirm-email' };
  return { type: 'render' };
}

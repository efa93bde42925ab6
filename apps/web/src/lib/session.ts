import { COOKIE_COMPANY, PREFERS, type TPrefers } from '@hirecast/domain/constants';
import { isSafeRedirectPath } from '@hirecast/domain/url';

// spec 1 §4: the company-id cookie; the saved redirect and 'prefers' live in local storage. The auth-token
// cookie is the server's: HttpOnly, set at sign-in and cleared at log-out, out of this script's reach
// (decision 003).
const REDIRECT_KEY = 'redirect-path';
const PREFERS_KEY = 'prefers';
const TRACKING_KEY = 'tracking-id';
// spec 2 §4 Invite flow: the invite code and the prefill email wait in session storage for /sign-up.
const INVITE_CODE_KEY = 'invite-code';
const INVITE_EMAIL_KEY = 'invite-email';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}
function writeCookie(name: string, value: string | null, days = 30) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  if (value === null) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  else
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86400}; Path=/; SameSite=Lax${secure}`;
}

export const session = {
  getCompanyId: () => readCookie(COOKIE_COMPANY),
  setCompanyId: (id: string | null) => writeCookie(COOKIE_COMPANY, id),
  clear: () => {
    writeCookie(COOKIE_COMPANY, null);
    writeCookie('is-anonymous', null);
  },
  getRedirect: (): string | null => {
    const value = localStorage.getItem(REDIRECT_KEY);
    return isSafeRedirectPath(value) ? value : null;
  },
  setRedirect: (path: string) => {
    if (isSafeRedirectPath(path)) localStorage.setItem(REDIRECT_KEY, path);
  },
  clearRedirect: () => localStorage.removeItem(REDIRECT_KEY),
  getPrefers: (): TPrefers | null => {
    const value = localStorage.getItem(PREFERS_KEY);
    return (PREFERS as readonly string[]).includes(value ?? '') ? (value as TPrefers) : null;
  },
  setPrefers: (value: string | null) => {
    if (value && (PREFERS as readonly string[]).includes(value)) localStorage.setItem(PREFERS_KEY, value);
  },
  setTrackingId: (id: string) => localStorage.setItem(TRACKING_KEY, id),
  getTrackingId: () => localStorage.getItem(TRACKING_KEY),
  getInvite: (): { code: string; email: string } | null => {
    const code = sessionStorage.getItem(INVITE_CODE_KEY);
    return code ? { code, email: sessionStorage.getItem(INVITE_EMAIL_KEY) ?? '' } : null;
  },
  setInvite: (invite: { code: string; email: string }) => {
    sessionStorage.setItem(INVITE_CODE_KEY, invite.code);
    sessionStorage.setItem(INVITE_EMAIL_KEY, invite.email);
  },
  clearInvite: () => {
    sessionStorage.removeItem(INVITE_CODE_KEY);
    sessionStorage.removeItem(INVITE_EMAIL_KEY);
  },
};

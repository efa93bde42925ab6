import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { lazyThemed } from '../components/lazy-themed.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { goAfterSignIn } from '../lib/auth-redirect.ts';
import { isSignedOutError, useMe } from '../lib/me.ts';
import { session } from '../lib/session.ts';
import { companyIdToStore, decideRoute, type TGuardDecision, type TRouteAccess } from './guard-rules.ts';

// Route `handle` values the guards read.
export type TRouteHandle = { allowWithoutCompany?: boolean; namePage?: boolean };

function useGuardDecision(access: TRouteAccess) {
  const location = useLocation();
  const meQuery = useMe();
  // A 401 means nobody is signed in (or the session ended: the API client's handler logs out).
  const signedOut = isSignedOutError(meQuery.error);
  const meFailed = meQuery.isError && !signedOut;
  const decision = decideRoute({
    access,
    signedOut,
    me: signedOut ? undefined : meQuery.data,
    meFailed,
    pathname: location.pathname,
    search: location.search,
    storedCompanyId: session.getCompanyId(),
    savedRedirect: session.getRedirect(),
  });
  return { decision, meQuery };
}

function Redirect({ decision }: { decision: Extract<TGuardDecision, { type: 'redirect' }> }) {
  const navigate = useNavigate();
  // Held from the first render: once the saved redirect is consumed, a re-render before the navigation
  // lands would otherwise compute a different destination.
  const [{ to, saveRedirect, consumeSavedRedirect }] = useState(decision);
  // A page that is already navigating (the sign-in form going to the saved redirect while that route's code
  // loads) is left to finish; this guard unmounts when it lands.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) return;
    if (saveRedirect) session.setRedirect(saveRedirect);
    if (consumeSavedRedirect) session.clearRedirect();
    goAfterSignIn(navigate, to);
  }, [navigate, navigating, to, saveRedirect, consumeSavedRedirect]);
  return <PageLoader fullScreen />;
}

function SwitchCompany({ companyId, url }: { companyId: string; url: string }) {
  useEffect(() => {
    session.setCompanyId(companyId);
    // spec 1 §2: the URL is replaced (without `company`) and the page reloads under the new company.
    window.location.replace(url);
  }, [companyId, url]);
  return <PageLoader fullScreen />;
}

// Drawn with MUI, which /sign-in does not load otherwise (decision 035): it comes when needed.
const MeFailed = lazyThemed(
  () => import('./me-failed.tsx').then((m) => m.MeFailed),
  <PageLoader fullScreen />,
);

function Apply({
  decision,
  onRetry,
  children,
}: {
  decision: TGuardDecision;
  onRetry: () => void;
  children: ReactNode;
}) {
  switch (decision.type) {
    case 'wait':
      return <PageLoader fullScreen />;
    case 'failed':
      return <MeFailed onRetry={onRetry} />;
    case 'redirect':
      return <Redirect decision={decision} />;
    case 'switch-company':
      return <SwitchCompany companyId={decision.companyId} url={decision.url} />;
    case 'render':
      return children;
  }
}

// /sign-in, /sign-up, /forgot-password, /verification-sent: signed-in users are sent on (spec 1 §2).
export function PublicOnlyGuard() {
  const { decision, meQuery } = useGuardDecision('public-only');
  // Someone who signs in on this page is sent on by the page itself (useCompleteSignIn, which uses the saved
  // redirect); redirecting here as well would race it to another page. So only a visitor who arrives signed
  // in is redirected: once the page has been shown, it stays until it navigates.
  const [shown, setShown] = useState(false);
  if (decision.type === 'render' && !shown) setShown(true);
  const applied: TGuardDecision = shown && decision.type === 'redirect' ? { type: 'render' } : decision;
  return (
    <Apply decision={applied} onRetry={() => void meQuery.refetch()}>
      <Outlet />
    </Apply>
  );
}

// Every private route. /company/new marks itself with `handle.allowWithoutCompany`.
export function PrivateGuard() {
  const matches = useMatches();
  const handles = matches.map((m) => m.handle as TRouteHandle | undefined);
  const access: TRouteAccess = handles.some((h) => h?.namePage)
    ? 'name'
    : handles.some((h) => h?.allowWithoutCompany)
      ? 'private-without-company'
      : 'private';
  const { decision, meQuery } = useGuardDecision(access);
  return (
    <Apply decision={decision} onRetry={() => void meQuery.refetch()}>
      <CompanyIdSync>
        <Outlet />
      </CompanyIdSync>
    </Apply>
  );
}

// ARCHITECTURE.md: the API client sends the stored company id as X-Company-Id. Before any page asks the API
// for company data, the stored id must be one of the user's companies (else the server's current one is
// adopted). This writes the cookie while rendering, not in an effect, on purpose: the pages' own effects
// (their first queries) run before this component's effects would. The write is idempotent.
function CompanyIdSync({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const next = me ? companyIdToStore(me, session.getCompanyId()) : undefined;
  if (next !== undefined) session.setCompanyId(next);
  return children;
}

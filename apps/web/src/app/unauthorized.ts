import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { meQueryKey } from '../lib/me.ts';
import { session } from '../lib/session.ts';
import { redirectToSave } from './guard-rules.ts';

type TRouter = ReturnType<typeof createBrowserRouter>;

// The id of the route that guards every private page (see router.tsx).
export const PRIVATE_ROUTE_ID = 'private';

// spec 1 §4: any auth failure logs the user out, clears the cookies and goes to /sign-in. When it happens on
// a private page, that page is saved so signing in again returns there. A 401 while nobody was signed in
// (no manager loaded: a visitor, a wrong password) is only an answer, handled where it was asked.
export function registerUnauthorizedHandler({
  router,
  queryClient,
}: {
  router: TRouter;
  queryClient: QueryClient;
}) {
  setUnauthorizedHandler(() => {
    if (!queryClient.getQueryData(meQueryKey)) return;
    const { location, matches } = router.state;
    const onPrivatePage = matches.some((m) => m.route.id === PRIVATE_ROUTE_ID);
    if (onPrivatePage) session.setRedirect(redirectToSave(location.pathname, location.search));
    session.clear();
    queryClient.clear();
    if (location.pathname !== '/sign-in') void router.navigate('/sign-in', { replace: true });
  });
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TManager } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { api, ApiError } from './api-client.ts';

// The signed-in manager. Shared by the shell, the route guards and every feature. Decision 003: the session
// cookie is HttpOnly, so the app cannot see whether it holds one; the server's answer is how it knows who is
// signed in. GET /api/manager/session answers null for nobody (GET /manager/me would answer 401, a failing
// request in every signed-out visit's console); the query keeps "nobody" as its 401 error, as before.
export const meQueryKey = ['manager', 'me'] as const;
export async function getMe(): Promise<TManager> {
  const manager = await api.get<TManager | null>('/manager/session');
  if (!manager) throw new ApiError(401, { code: 'UNAUTHORIZED', message: messages.unauthorized });
  return manager;
}
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });
export const useMe = () => useQuery(meQueryOptions());

/**
 * The manager the server just answered with (a sign-in, a saved name), in place of any session read still on its
 * way: a read sent before the sign-in set the cookie answers "nobody", and arriving late it would sign the person
 * out again (seen on a loaded machine: the sign-in went through and the app landed back on /sign-in). A
 * cancelled read goes back to its earlier state when its promise settles, so the new data is set after that.
 */
export async function putMe(queryClient: QueryClient, manager: TManager) {
  await queryClient.cancelQueries({ queryKey: meQueryKey });
  queryClient.setQueryData(meQueryKey, manager);
}

/** Nobody is signed in (the session answer was null, or a call answered 401). */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Whether someone is signed in; undefined until the session answer came (or when it failed otherwise). */
export function useSignedIn(): boolean | undefined {
  const me = useMe();
  if (isSignedOutError(me.error)) return false;
  return me.data ? true : undefined;
}

/** The same question asked outside rendering (an effect): answers once the session answer has come. */
export async function fetchSignedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    await queryClient.fetchQuery(meQueryOptions());
    return true;
  } catch (err) {
    if (isSignedOutError(err)) return false;
    throw err;
  }
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TManager } from '@hirecast/domain/auth';
import { api, ApiError } from './api-client.ts';

// The signed-in manager (GET /api/manager/me). Shared by the shell, the route guards and every feature.
// Decision 003: the session cookie is HttpOnly, so the app cannot see whether it holds one; this answer is
// how it knows who is signed in (401: nobody).
export const meQueryKey = ['manager', 'me'] as const;
export const getMe = () => api.get<TManager>('/manager/me');
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });
export const useMe = () => useQuery(meQueryOptions());

/** /manager/me answered 401: nobody is signed in. */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Whether someone is signed in; undefined until /manager/me has answered (or when it failed otherwise). */
export function useSignedIn(): boolean | undefined {
  const me = useMe();
  if (isSignedOutError(me.error)) return false;
  return me.data ? true : undefined;
}

/** The same question asked outside rendering (an effect): answers once /manager/me has. */
export async function fetchSignedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    await queryClient.fetchQuery(meQueryOptions());
    return true;
  } catch (err) {
    if (isSignedOutError(err)) return false;
    throw err;
  }
}

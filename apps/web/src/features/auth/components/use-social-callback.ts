import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { isSafeRedirectPath } from '@hirecast/domain/url';
import { getMe, meQueryKey } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const CALLBACK_PARAMS = ['access-token', 'is-new', 'source', 'redirect'];

// spec 1 §2 Sign-in: the social callback lands on /sign-in?access-token=..&is-new=..&source=google[&redirect=..].
// Store the token, load the manager, go on; the params are stripped either way. Returns whether it is running.
export function useSocialCallback(): boolean {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const token = params.get('access-token');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // StrictMode runs effects twice; the callback must run once.
    const redirect = params.get('redirect');
    session.setToken(token);
    queryClient
      .fetchQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 0 })
      .then((manager) => {
        if (redirect && isSafeRedirectPath(redirect)) session.setRedirect(redirect);
        completeSignIn(token, manager);
      })
      .catch(() => {
        session.clear();
        queryClient.removeQueries({ queryKey: meQueryKey });
        toast.error(messages.socialSignInFailed);
        const rest = new URLSearchParams(params);
        CALLBACK_PARAMS.forEach((key) => rest.delete(key));
        setParams(rest, { replace: true });
      });
  }, [token, params, setParams, queryClient, completeSignIn]);

  return Boolean(token);
}

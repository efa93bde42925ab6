import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { SIGN_IN_CODE_PARAM } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { isSafeRedirectPath } from '@hirecast/domain/url';
import { session } from '../../../lib/session.ts';
import { exchangeSignInCode } from '../api/exchange-sign-in-code.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const CALLBACK_PARAMS = [SIGN_IN_CODE_PARAM, 'is-new', 'source', 'redirect'];

// spec 1 §2 Sign-in: the social callback lands on /sign-in?sign-in-code=..&is-new=..&source=google[&redirect=..].
// The code is exchanged once by POST (decision 003: a URL alone signs nobody in), then the user goes on; on a
// failure the params are stripped. Returns whether it is running.
export function useSocialCallback(): boolean {
  const [params, setParams] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const code = params.get(SIGN_IN_CODE_PARAM);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true; // StrictMode runs effects twice; the code works once.
    const redirect = params.get('redirect');
    exchangeSignInCode({ code })
      .then(({ manager }) => {
        if (redirect && isSafeRedirectPath(redirect)) session.setRedirect(redirect);
        completeSignIn(manager);
      })
      .catch(() => {
        toast.error(messages.socialSignInFailed);
        const rest = new URLSearchParams(params);
        CALLBACK_PARAMS.forEach((key) => rest.delete(key));
        setParams(rest, { replace: true });
      });
  }, [code, params, setParams, completeSignIn]);

  return Boolean(code);
}

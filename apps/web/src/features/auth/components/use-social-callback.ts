import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SIGN_IN_CODE_PARAM } from '@hirecast/domain/sign-in-rules';
import { messages } from '@hirecast/domain/messages';
import { isSafeRedirectPath } from '@hirecast/domain/url';
import { session } from '../../../lib/session.ts';
import { exchangeSignInCode } from '../api/exchange-sign-in-code.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const CALLBACK_PARAMS = [SIGN_IN_CODE_PARAM, 'is-new', 'source', 'redirect'];

// spec 1 §2 Sign-in: the social callback lands on /sign-in?sign-in-code=..&is-new=..&source=google[&redirect=..].
// The code is exchanged once by POST (decision 003: a URL alone signs nobody in), then the user goes on; on a
// failure the params are stripped and the failure is said once, on the page (not as a toast: the sign-in page
// loads no toast library). Returns whether it is running, and the failure.
export function useSocialCallback(): { completing: boolean; failure: string | null } {
  const [failure, setFailure] = useState<string | null>(null);
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
        // An invitation the flow brought was accepted by the server: the person lands in that company, as
        // after the invited sign-up form.
        if (session.getInvite()) {
          session.clearInvite();
          if (manager._company) session.setCompanyId(manager._company);
        }
        void completeSignIn(manager);
      })
      .catch(() => {
        setFailure(messages.socialSignInFailed);
        const rest = new URLSearchParams(params);
        CALLBACK_PARAMS.forEach((key) => rest.delete(key));
        setParams(rest, { replace: true });
      });
  }, [code, params, setParams, completeSignIn]);

  return { completing: Boolean(code), failure };
}

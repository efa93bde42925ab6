import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { afterLoginPath, goAfterSignIn } from '../../../lib/auth-redirect.ts';
import { putMe } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';

// spec 1 §7: a successful sign-in, sign-up or reset authorizes the user (the server has set the HttpOnly
// session cookie, decision 003), then spec 1 §2 Sign-in: the saved redirect, else /jobs with a company,
// else /company/new.
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (manager: TManager) => {
      if (manager._company && !session.getCompanyId()) session.setCompanyId(manager._company);
      await putMe(queryClient, manager);
      goAfterSignIn(navigate, afterLoginPath(manager));
    },
    [navigate, queryClient],
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { inviteMessages } from '@hirecast/domain/company-team';
import { StandaloneFrame } from '../../../components/layout/standalone-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchSignedIn } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { acceptInvite } from '../api/accept-invite.ts';
import { getInvite } from '../api/get-invite.ts';

// A failure that is not about the code itself (offline, rate limit, server error) says what happened.
const isCodeProblem = (err: unknown) =>
  !(err instanceof ApiError) || [400, 404, 409, 410].includes(err.status);
const failureMessage = (err: unknown) =>
  isCodeProblem(err) ? inviteMessages.invalid : (err as ApiError).message;

const isThisPage = (path: string | null) => Boolean(path?.startsWith('/accept-invite'));

/**
 * /accept-invite/{inviteCode} (spec 2 §2 and §4 Invite flow; spec 1 §2: public, open to signed-in users).
 * The invite is fetched by its code. When its email has no account yet, the code and the email wait in the
 * session and the person signs up (sign-up then joins the company). Otherwise a signed-in person accepts it
 * and goes to /jobs in the company joined; a signed-out one signs in first and comes back here.
 */
export function Component() {
  const { inviteCode = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice; the ref survives).
    if (started.current) return;
    started.current = true;
    const go = (to: string) => void navigate(to, { replace: true });

    async function activate() {
      const code = inviteCode.trim();
      if (!code) {
        toast.error(inviteMessages.missing);
        return go('/');
      }
      const here = `/accept-invite/${encodeURIComponent(code)}`;

      let info;
      try {
        info = await getInvite(code);
      } catch (err) {
        toast.error(failureMessage(err));
        return go('/sign-up');
      }

      // Unreachable /manager/me counts as signed out: signing in comes back here.
      const signedIn = await fetchSignedIn(queryClient).catch(() => false);
      if (info.needVerification) {
        if (signedIn) {
          // No account has the invited email, so the signed-in person is somebody else.
          toast.error(inviteMessages.otherAccount);
          return go('/jobs');
        }
        session.setInvite({ code, email: info.email });
        if (isThisPage(session.getRedirect())) session.clearRedirect();
        return go('/sign-up');
      }

      // Signing in (or a session that turns out to have expired: the API client then goes to /sign-in)
      // comes back here to accept.
      session.setRedirect(here);
      if (!signedIn) {
        toast.info(`Sign in as ${info.email} to join ${info.companyName}.`);
        return go('/sign-in');
      }
      try {
        const { manager } = await acceptInvite(code);
        session.clearRedirect();
        if (manager._company) session.setCompanyId(manager._company);
        toast.success(`You have joined ${info.companyName}.`);
        go('/jobs');
        // Everything cached belonged to the previous company; `me` is fetched again with the new one.
        await queryClient.resetQueries();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return;
        session.clearRedirect();
        toast.error(err instanceof ApiError && err.status === 403 ? err.message : failureMessage(err));
        go('/sign-up');
      }
    }
    void activate();
  }, [inviteCode, navigate, queryClient]);

  return (
    <StandaloneFrame homeHref="/">
      <title>Accept invitation · Hirecast</title>
      <Stack
        spacing={2.5}
        role="status"
        aria-live="polite"
        sx={{ alignItems: 'center', textAlign: 'center' }}
      >
        <CircularProgress size={40} aria-hidden="true" />
        <Typography component="h1" variant="h6">
          {inviteMessages.activating}
        </Typography>
      </Stack>
    </StandaloneFrame>
  );
}

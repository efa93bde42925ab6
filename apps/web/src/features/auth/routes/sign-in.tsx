import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LINK_CODE_PARAM } from '@hirecast/domain/sign-in-rules';
import { isSafeRedirectPath } from '@hirecast/domain/url';
import { session } from '../../../lib/session.ts';
import { AuthErrorNote } from '../components/auth-error-note.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { GoogleLinkForm } from '../components/google-link-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SocialErrorNote } from '../components/social-error-note.tsx';
import { useSocialCallback } from '../components/use-social-callback.ts';

// /sign-in (spec 1 §2 Sign-in)
export function Component() {
  const [params] = useSearchParams();
  const social = useSocialCallback();
  // A page that sent the visitor here to sign in (a job preview: `?redirect=/preview/{id}`) is where they go
  // back to afterwards.
  useEffect(() => {
    const redirect = params.get('redirect');
    if (isSafeRedirectPath(redirect)) session.setRedirect(redirect);
  }, [params]);

  if (social.completing) {
    return (
      <AuthLayout>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} />
          <Typography>Signing you in…</Typography>
        </Box>
      </AuthLayout>
    );
  }

  // Issue 27: Google proved the address of an existing, verified account: its password links the two.
  const linkCode = params.get(LINK_CODE_PARAM);
  if (linkCode) {
    return (
      <AuthLayout title="Link your Google account" subtitle="Confirm it is your Hirecast account.">
        <GoogleLinkForm code={linkCode} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your Hirecast account.">
      {social.failure && <AuthErrorNote spaced>{social.failure}</AuthErrorNote>}
      <SocialErrorNote />
      <SignInForm />
      <GoogleButton from="sign-in" />
      <Typography variant="body2" sx={{ mt: 4, textAlign: 'center' }}>
        New to Hirecast?{' '}
        <Link component={RouterLink} to="/sign-up">
          Create an account
        </Link>
      </Typography>
    </AuthLayout>
  );
}

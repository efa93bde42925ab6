import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { session } from '../../../lib/session.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';
import { SocialErrorNote } from '../components/social-error-note.tsx';

// /sign-up (spec 1 §2 Sign-up); ?prefers= picks the illustration headline and is kept (spec 1 §1).
export function Component() {
  const [params] = useSearchParams();
  // Stored before the first render of the layout, which reads it.
  useState(() => session.setPrefers(params.get('prefers')));
  // Arriving from an invitation (spec 2 §4): the account joins the inviting company.
  const [invited] = useState(() => session.getInvite() !== null);
  return (
    <AuthLayout
      title="Let's get started…"
      subtitle={
        invited
          ? 'Create your Hirecast account to join your team. It takes a minute.'
          : 'Create your Hirecast account. It takes a minute.'
      }
    >
      <SocialErrorNote />
      <SignUpForm />
      <GoogleButton from="sign-up" />
      <Typography variant="body2" sx={{ mt: 4, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/sign-in" underline="always">
          Sign in
        </Link>
      </Typography>
    </AuthLayout>
  );
}

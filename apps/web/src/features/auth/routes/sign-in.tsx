import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LINK_CODE_PARAM } from '@hirecast/domain/sign-in-rules';
import { isSafeRedirectPath } from '@hirecast/domain/url';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { Spinner } from '../../../components/page-loader.tsx';
import { session } from '../../../lib/session.ts';
import { AuthErrorNote } from '../components/auth-error-note.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SocialErrorNote } from '../components/social-error-note.tsx';
import { useSocialCallback } from '../components/use-social-callback.ts';

// Only a visitor coming back from Google with an account to link needs this form (drawn with MUI and a form
// library): it comes with MUI's theme when shown, and stays out of the sign-in page's JavaScript (decision 035).
const GoogleLinkForm = lazyThemed(
  () => import('../components/google-link-form.tsx').then((m) => m.GoogleLinkForm),
  <Spinner size={24} label="Loading" />,
);

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
        <div role="status" className="hc-status">
          <Spinner size={24} />
          <p>Signing you in…</p>
        </div>
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
      <p className="hc-body2 hc-center" style={{ marginTop: 32 }}>
        New to Hirecast?{' '}
        <RouterLink to="/sign-up" className="hc-link">
          Create an account
        </RouterLink>
      </p>
    </AuthLayout>
  );
}

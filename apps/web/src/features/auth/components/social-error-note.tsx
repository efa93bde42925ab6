import { useSearchParams } from 'react-router';
import { SOCIAL_ERROR_PARAM, socialErrorMessage } from '@hirecast/domain/sign-in-rules';
import { messages } from '@hirecast/domain/messages';
import { AuthErrorNote } from './auth-error-note.tsx';

// Issue 27: why a Google sign-in that came back to this page (sign-in or sign-up) did not sign the person in.
// An alert, so a screen reader says it as the page opens. spec 1 §2: is-corporate-email-error=1.
export function SocialErrorNote() {
  const [params] = useSearchParams();
  const reason = socialErrorMessage(params.get(SOCIAL_ERROR_PARAM));
  const corporate = params.get('is-corporate-email-error') === '1';
  if (!reason && !corporate) return null;
  return <AuthErrorNote spaced>{corporate ? messages.corporateEmailOnly : reason}</AuthErrorNote>;
}

import { LIMITS } from '@hirecast/domain/constants';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TMailMessage } from '../../lib/context.ts';

const withRedirect = (url: URL, redirect?: string) => {
  if (redirect) url.searchParams.set('redirect', redirect);
  return url.toString();
};

// The link opens the web app's /confirm-email page, which posts the token to /manager/signup/email/verify.
export function verificationLink(publicUrl: string, token: string, redirect?: string) {
  const url = new URL(`${publicUrl}/confirm-email`);
  url.searchParams.set('verify-token', token);
  return withRedirect(url, redirect);
}

// spec 1 §2: /forgot-password with the query reset-token shows the new-password form.
export function resetLink(publicUrl: string, token: string, redirect?: string) {
  const url = new URL(`${publicUrl}/forgot-password`);
  url.searchParams.set('reset-token', token);
  return withRedirect(url, redirect);
}

export function verificationEmail({
  to,
  firstName,
  link,
}: {
  to: string;
  firstName: string;
  link: string;
}): TMailMessage {
  const { text, html } = renderEmail({
    heading: `Confirm your email, ${firstName}`,
    paragraphs: [
      'Please confirm your email address so that you can publish jobs on Hirecast.',
      `The link is valid for ${LIMITS.resetTokenHours} hours.`,
    ],
    action: { label: 'Confirm email', url: link },
  });
  return { to, subject: 'Confirm your email address', text, html };
}

export function resetPasswordEmail({
  to,
  firstName,
  link,
}: {
  to: string;
  firstName: string;
  link: string;
}): TMailMessage {
  const { text, html } = renderEmail({
    heading: `Reset your password, ${firstName}`,
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your Hirecast account.',
      `The link is valid for ${LIMITS.resetTokenHours} hours and works once. If you did not ask for it, you can ignore this email.`,
    ],
    action: { label: 'Set a new password', url: link },
  });
  return { to, subject: 'Reset your Hirecast password', text, html };
}

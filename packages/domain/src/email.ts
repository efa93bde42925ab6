import { FREE_MAIL_PROVIDERS } from './constants.ts';

// spec 1 §5: gmail.com, yahoo.co.uk and me.com are free mail; acme.me is not (the last label is the TLD).
export function isFreeMailDomain(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return false;
  const labels = domain.split('.');
  labels.pop();
  return labels.some((label) => (FREE_MAIL_PROVIDERS as readonly string[]).includes(label));
}

// spec 1 §2: company name and website are prefilled from the user's email domain.
export function companyFromEmail(email: string): { name: string; website: string } {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  if (!domain || isFreeMailDomain(email)) return { name: '', website: '' };
  const first = domain.split('.')[0] ?? '';
  const name = first
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return { name, website: `https://${domain}` };
}

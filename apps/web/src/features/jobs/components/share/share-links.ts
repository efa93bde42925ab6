import { JOB_LIMITS } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { zEmail } from '@hirecast/domain/fields';

// Plain share links of the big networks: no SDKs, nothing loads until the person clicks.
export function socialShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(`We're hiring: ${title}`);
  return [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}` },
    { name: 'Email', href: `mailto:?subject=${text}&body=${text}%0A%0A${u}` },
  ] as const;
}

// spec 1 §5 Email share: up to 3 emails, each valid and at most 40 characters, no duplicates.
export function addShareEmail(list: readonly string[], raw: string): { list: string[] } | { error: string } {
  const parsed = zEmail({ max: JOB_LIMITS.shareEmailMax }).safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid email' };
  if (list.includes(parsed.data)) return { error: jobMessages.duplicateEmail };
  if (list.length >= JOB_LIMITS.shareEmailsMax) {
    return { error: `You can share with up to ${JOB_LIMITS.shareEmailsMax} emails at once.` };
  }
  return { list: [...list, parsed.data] };
}

export async function copyToClipboard(text: string) {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

import { RESERVED_COMPANY_SLUGS } from '@hirecast/domain/company-page-rules';

// A URL-safe slug from a company name: "Café & Co." -> "cafe-co".
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'company';
}

/**
 * The slug, or the slug with the smallest free numeric suffix ("acme-2") given the slugs already taken. Reserved
 * slugs (/company/new is the app's create-company screen) count as taken.
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set([...RESERVED_COMPANY_SLUGS, ...taken]);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

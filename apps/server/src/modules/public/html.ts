// The HTML document around a site page. Everything user-written goes through `escapeHtml` (text and
// attributes) or `jsonForScript` (JSON inside <script>), so a job title cannot close a tag or a script.

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` become \u escapes (no `</script>` or
 * `<!--` can appear), and so do U+2028/U+2029, which older JavaScript parsers read as line breaks.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export type THead = {
  title: string;
  description: string;
  /** Absolute URL; left out on pages that are not to be indexed. */
  canonical?: string;
  noindex?: boolean;
  /** Open Graph and Twitter card values; image absolute. */
  social?: { title: string; description: string; url: string; image: string | null };
  /** One JSON-LD block per value (null values are left out). */
  jsonLd?: Record<string, unknown> | (Record<string, unknown> | null)[] | null;
  /** The page's largest picture (the video poster), fetched early: it is what the Largest Contentful Paint is. */
  preloadImage?: string | null;
};

export type TDocumentAssets = { head: string; scripts: string };

export const SITE_NAME = 'Hirecast';

function headTags(head: THead): string {
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    meta('description', head.description),
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
  ];
  if (head.preloadImage)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high">`);
  if (head.noindex) tags.push(meta('robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  const social = head.social;
  if (social) {
    tags.push(
      property('og:title', social.title),
      property('og:description', social.description),
      property('og:type', 'website'),
      property('og:url', social.url),
      property('og:site_name', SITE_NAME),
    );
    if (social.image) tags.push(property('og:image', social.image));
    tags.push(
      meta('twitter:card', social.image ? 'summary_large_image' : 'summary'),
      meta('twitter:title', social.title),
      meta('twitter:description', social.description),
    );
    if (social.image) tags.push(meta('twitter:image', social.image));
  }
  for (const block of [head.jsonLd ?? null].flat()) {
    if (block) tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`);
  }
  return tags.join('');
}

/** The whole page: head, the rendered markup in #root, the page data for hydration, the bundle's scripts. */
export function renderDocument({
  head,
  body,
  data,
  assets,
}: {
  head: THead;
  body: string;
  data: unknown;
  assets: TDocumentAssets | null;
}): string {
  return (
    `<!doctype html><html lang="en"><head>${headTags(head)}${assets?.head ?? ''}</head>` +
    `<body><div id="root">${body}</div>` +
    `<script id="site-data" type="application/json">${jsonForScript(data)}</script>` +
    `${assets?.scripts ?? ''}</body></html>`
  );
}

/** A description for meta tags: whitespace collapsed, cut at a word near `max` characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

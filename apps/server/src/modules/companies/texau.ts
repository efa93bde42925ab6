import type { SOCIAL_TYPES } from '@hirecast/domain/constants';
import { isWebLink } from '@hirecast/domain/url';

// spec 1 §7 POST /texau: what a company's website or public profile says about it, read from the page's Open
// Graph tags and its JSON-LD `Organization` (issue 7 item 5). Pure: HTML text in, details out. No HTML parser is
// a dependency of the server, so tags are read with small, anchored patterns: <meta> tags, <title> and
// <script type="application/ld+json"> blocks are all this needs.

export type TSocialType = (typeof SOCIAL_TYPES)[number];
export type TPageDetails = {
  name: string | null;
  description: string | null;
  logo: string | null;
  links: { type: TSocialType; value: string }[];
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const clean = (text: unknown): string | null => {
  if (typeof text !== 'string') return null;
  const value = decodeEntities(text)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return value || null;
};

/** The attributes of one tag's text (`<meta property="og:title" content="Acme">`), names lowercased. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /([^\s"'<>/=]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const inner = tag.replace(/^<\s*[a-z]+/i, '').replace(/\/?>$/, '');
  for (const m of inner.matchAll(pattern)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

// Comments could hide tags a browser would not see; scripts other than JSON-LD could hold `<meta` in strings.
const withoutComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');

function metaTags(html: string): Map<string, string> {
  const found = new Map<string, string>();
  const head = html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '');
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').trim().toLowerCase();
    if (key && attrs.content !== undefined && !found.has(key)) found.set(key, attrs.content);
  }
  return found;
}

function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = attributes(`<script ${m[1]}>`).type?.trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    const text = m[2]!.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '').trim();
    try {
      blocks.push(JSON.parse(text));
    } catch {
      // A broken block is skipped; the page may have others.
    }
  }
  return blocks;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// schema.org types that are organizations (Organization and its common subtypes).
const ORGANIZATION_TYPES = new Set(
  [
    'Organization',
    'Corporation',
    'LocalBusiness',
    'OnlineBusiness',
    'OnlineStore',
    'NGO',
    'EducationalOrganization',
    'GovernmentOrganization',
    'MedicalOrganization',
    'NewsMediaOrganization',
    'SportsOrganization',
    'Store',
    'Restaurant',
    'ProfessionalService',
    'EmploymentAgency',
  ].map((t) => t.toLowerCase()),
);

function isOrganization(node: Record<string, unknown>) {
  const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
  return types.some((t) => {
    if (typeof t !== 'string') return false;
    const name = t.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
    return ORGANIZATION_TYPES.has(name) || name.endsWith('organization');
  });
}

/** Every node of the JSON-LD blocks, walking arrays, @graph and nested objects (a WebSite's publisher...). */
function* nodes(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  yield value;
  for (const child of Object.values(value)) if (typeof child === 'object') yield* nodes(child, depth + 1);
}

const firstString = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstString).find((v) => v !== null) ?? null;
  if (isRecord(value)) return firstString(value.url ?? value.contentUrl ?? value['@id']);
  return null;
};

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** An absolute http(s) link from `value` relative to the page, or null. */
export function absoluteLink(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    const href = url.href;
    return href.length <= 500 && isWebLink(href) && !url.username && !url.password ? href : null;
  } catch {
    return null;
  }
}

const hostMatches = (host: string, domains: readonly string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));
const tlds = (name: string, endings: readonly string[]) => endings.map((e) => `${name}.${e}`);

// Which social type a profile link is, by its host.
const SOCIAL_HOSTS: readonly [Exclude<TSocialType, 'website'>, readonly string[]][] = [
  ['linkedin', ['linkedin.com', 'lnkd.in']],
  ['twitter', ['twitter.com', 'x.com']],
  ['facebook', ['facebook.com', 'fb.com', 'fb.me']],
  ['instagram', ['instagram.com', 'instagr.am']],
  ['youtube', ['youtube.com', 'youtu.be']],
  ['tiktok', ['tiktok.com']],
  [
    'pinterest',
    [...tlds('pinterest', ['com', 'co.uk', 'ca', 'com.au', 'de', 'fr', 'ie', 'es', 'it']), 'pin.it'],
  ],
  [
    'glassdoor',
    tlds('glassdoor', ['com', 'co.uk', 'ca', 'com.au', 'de', 'fr', 'ie', 'co.in', 'nl', 'es', 'be', 'ch']),
  ],
];

export function socialType(link: string): Exclude<TSocialType, 'website'> | null {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return null;
  }
  return SOCIAL_HOSTS.find(([, domains]) => hostMatches(host, domains))?.[0] ?? null;
}

/** Adds `value` as its type unless that type is already there (the first source wins). */
function addLink(links: TPageDetails['links'], type: TSocialType, value: string | null) {
  if (value && !links.some((l) => l.type === type)) links.push({ type, value });
}

/** A page title without what follows a separator: "Acme | Home" names Acme. */
const siteName = (title: string | null) => title?.split(/\s+[|–—-]\s+/)[0]?.trim() || null;

/**
 * The company details of a page: name (JSON-LD Organization name, og:site_name, og:title, <title>),
 * description (Organization description, og:description, meta description), logo (Organization logo,
 * og:image), and social links (Organization sameAs by host; Organization url as the website).
 */
export function parseCompanyPage(html: string, pageUrl: string): TPageDetails {
  const page = withoutComments(html);
  const meta = metaTags(page);
  const organization = jsonLdBlocks(page)
    .flatMap((block) => [...nodes(block)])
    .find(isOrganization);
  const title = clean(page.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i)?.[1]);

  const name =
    clean(organization?.name) ??
    clean(organization?.legalName) ??
    clean(meta.get('og:site_name')) ??
    siteName(clean(meta.get('og:title')) ?? title);
  const description =
    clean(organization?.description) ??
    clean(meta.get('og:description')) ??
    clean(meta.get('description')) ??
    clean(meta.get('twitter:description'));
  const logo =
    absoluteLink(firstString(organization?.logo), pageUrl) ??
    absoluteLink(meta.get('og:image:secure_url') ?? meta.get('og:image') ?? null, pageUrl) ??
    absoluteLink(meta.get('twitter:image') ?? null, pageUrl);

  const links: TPageDetails['links'] = [];
  for (const same of strings(organization?.sameAs)) {
    const link = absoluteLink(same, pageUrl);
    const type = link && socialType(link);
    if (type) addLink(links, type, link);
  }
  const site = absoluteLink(firstString(organization?.url), pageUrl);
  if (site && !socialType(site)) addLink(links, 'website', site);
  // The page itself: a profile page is that profile; anything else is the company's website.
  const own = absoluteLink(pageUrl, pageUrl);
  if (own) {
    const type = socialType(own);
    addLink(links, type ?? 'website', type ? own : new URL(own).origin);
  }
  return { name, description, logo, links };
}

/** A bio under 256 characters (spec 1 §5), cut at a word where it can be. */
export function shortenBio(text: string, max = 255): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

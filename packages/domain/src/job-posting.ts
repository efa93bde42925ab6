import { deltaToHtml } from './delta-html.ts';
import type { TPublicJob } from './public-job.ts';
import { parseSalaryAmount } from './salary.ts';

// Issue 5: the schema.org JobPosting that Google for Jobs reads from a job page
// (https://developers.google.com/search/docs/appearance/structured-data/job-posting).

export type TGoogleEmploymentType =
  'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN' | 'VOLUNTEER' | 'PER_DIEM' | 'OTHER';

// spec 1 §3 employment types onto Google's. Zero-hours work is paid as it is called for, which is what
// PER_DIEM means to Google; summer jobs are seasonal, hence temporary; student jobs fit around studies.
export const GOOGLE_EMPLOYMENT_TYPE: Record<TPublicJob['employmentType'], TGoogleEmploymentType> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  flexible: 'OTHER',
  contract: 'CONTRACTOR',
  'zero hours': 'PER_DIEM',
  temporary: 'TEMPORARY',
  intern: 'INTERN',
  volunteer: 'VOLUNTEER',
  summer: 'TEMPORARY',
  student: 'PART_TIME',
  other: 'OTHER',
};

type TSalaryUnit = TPublicJob['salary']['unit'];
type TUnitText = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
// Google has no fortnight: a bi-weekly amount is given per week, halved.
const UNIT_TEXT: Record<TSalaryUnit, { unitText: TUnitText; divide: number }> = {
  hourly: { unitText: 'HOUR', divide: 1 },
  daily: { unitText: 'DAY', divide: 1 },
  weekly: { unitText: 'WEEK', divide: 1 },
  'bi-weekly': { unitText: 'WEEK', divide: 2 },
  monthly: { unitText: 'MONTH', divide: 1 },
  annually: { unitText: 'YEAR', divide: 1 },
};

const absolute = (url: string | null | undefined, siteUrl: string) => {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${siteUrl}${url}` : undefined;
};

// ISO 3166-1 alpha-2 codes by English country name ('United Kingdom' → 'GB'), from the same Intl region names
// the geocoder writes, plus the everyday names people type. Built once, on first use.
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
};
let countryCodes: Map<string, string> | undefined;
const normalizeCountry = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[.’']/g, '')
    .replace(/&/g, 'and')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The ISO 3166-1 alpha-2 code of a country given by name or by code; undefined when it is not known. */
export function countryCode(country: string | null | undefined): string | undefined {
  if (!country?.trim()) return undefined;
  if (!countryCodes) {
    countryCodes = new Map(Object.entries(COUNTRY_ALIASES));
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26 * 26; i++) {
      const asked = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
      // Old and alias codes (UK, BU, DD) name the country of their canonical code (GB, MM, DE).
      const code = Intl.getCanonicalLocales(`und-${asked}`)[0]!.slice(4);
      const name = names.of(code);
      // Q* and X* are private-use (continents, Kosovo's provisional XK); EU, UN and EZ are no countries.
      if (name && name !== code && !/^(Q|X|EU|UN|EZ)/.test(code)) {
        countryCodes.set(normalizeCountry(name), code);
        countryCodes.set(code.toLowerCase(), code);
      }
    }
  }
  return countryCodes.get(normalizeCountry(country));
}

const compact = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

const escapeText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function baseSalary(salary: TPublicJob['salary']) {
  const from = parseSalaryAmount(salary.from);
  const to = parseSalaryAmount(salary.to);
  if (from === null && to === null) return undefined;
  const { unitText, divide } = UNIT_TEXT[salary.unit];
  const amount = (n: number | null) => (n === null ? undefined : Math.round((n / divide) * 100) / 100);
  const low = from !== null && to !== null ? Math.min(from, to) : from;
  const high = from !== null && to !== null ? Math.max(from, to) : to;
  const value =
    low !== null && low === high
      ? { value: amount(low) }
      : compact({ minValue: amount(low), maxValue: amount(high) });
  return {
    '@type': 'MonetaryAmount',
    currency: salary.currency,
    value: { '@type': 'QuantitativeValue', ...value, unitText },
  };
}

export type TJobPostingOptions = {
  /**
   * The city and country of a job that hides its location. Google needs a location for a job that is not
   * remote; the city is in the job's address already, so only the street and postcode stay hidden.
   */
  hiddenLocation?: { city?: string | null; country?: string | null } | null;
};

function locationFields(job: TPublicJob, options: TJobPostingOptions) {
  const location = job.location ?? options.hiddenLocation ?? null;
  const country = location?.country || undefined;
  if (job.locationType === 'remote') {
    return compact({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: country ? { '@type': 'Country', name: country } : undefined,
    });
  }
  if (!location) return {};
  const visible = job.location;
  const address = compact({
    '@type': 'PostalAddress',
    streetAddress: visible?.streetAddress,
    addressLocality: location.city || undefined,
    addressRegion: visible?.county,
    postalCode: visible?.postalCode,
    addressCountry: countryCode(country) ?? country,
  });
  if (!address.addressLocality && !address.addressCountry) return {};
  return { jobLocation: { '@type': 'Place', address } };
}

/**
 * The JobPosting JSON-LD of an open job, or null for a closed one (Google asks for expired postings to be
 * removed). `siteUrl` is the public site's origin, without a trailing slash.
 */
export function jobPostingJsonLd(
  job: TPublicJob,
  siteUrl: string,
  options: TJobPostingOptions = {},
): Record<string, unknown> | null {
  if (job.status !== 'open') return null;
  const site = siteUrl.replace(/\/+$/, '');
  const description = deltaToHtml(job.description) || `<p>${escapeText(job.postHeading || job.title)}</p>`;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description,
    datePosted: job.publishedAt ?? undefined,
    employmentType: GOOGLE_EMPLOYMENT_TYPE[job.employmentType],
    url: `${site}${job.path}`,
    hiringOrganization: compact({
      '@type': 'Organization',
      name: job.company.name,
      sameAs: absolute(job.company.website, site),
      logo: absolute(job.company.logo, site),
    }),
    ...locationFields(job, options),
    baseSalary: baseSalary(job.salary),
    directApply: job.applyUrl === null,
    identifier: { '@type': 'PropertyValue', name: job.company.name, value: job.shortId },
  });
}

/** ISO 8601 duration of whole seconds ('PT1M5S'), as schema.org's VideoObject.duration. */
const isoDuration = (seconds: number) => {
  const total = Math.max(1, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `PT${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
};

/**
 * The stable addresses of a public job's own hosted video and its poster: they answer a redirect to a freshly
 * signed URL (GET /api/public/job/{shortId}/video and .../video/poster), so what crawlers store keeps working
 * after a signed URL expires (issue 23 item 9).
 */
export const buildJobVideoPath = (shortId: string) => `/api/public/job/${encodeURIComponent(shortId)}/video`;
export const buildJobVideoPosterPath = (shortId: string) => `${buildJobVideoPath(shortId)}/poster`;

/**
 * The schema.org VideoObject of an open job's own hosted video (Google video results: name, thumbnail, upload
 * date, content URL), or null when the job is closed, has no hosted video, or it has no rendition or poster yet.
 * The thumbnail and content URLs are the stable addresses above, never a signed URL that expires.
 */
export function jobVideoJsonLd(job: TPublicJob, siteUrl: string): Record<string, unknown> | null {
  const video = job.video;
  if (job.status !== 'open' || video?.kind !== 'hosted') return null;
  const site = siteUrl.replace(/\/+$/, '');
  const uploadDate = video.uploadedAt ?? job.publishedAt ?? undefined;
  if (!(video.mp4_720p ?? video.mp4) || !video.poster || !uploadDate) return null;
  const name = `${job.title} at ${job.company.name}`;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name,
    description: job.postHeading.trim() || `A video about the ${job.title} job at ${job.company.name}.`,
    thumbnailUrl: `${site}${buildJobVideoPosterPath(job.shortId)}`,
    uploadDate,
    contentUrl: `${site}${buildJobVideoPath(job.shortId)}`,
    duration: video.duration ? isoDuration(video.duration) : undefined,
    width: video.width ?? undefined,
    height: video.height ?? undefined,
    url: `${site}${job.path}`,
    // Issue 34: what is said in it, for search engines (its captions' words).
    transcript: video.captions?.transcript || undefined,
  });
}

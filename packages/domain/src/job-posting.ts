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
    addressCountry: country,
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

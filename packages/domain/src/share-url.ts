// spec 1 §7 Share URL form:
// {site}/job/{city}/{company}/{title}-{shortId}?utm_source={userId}&utm_campaign=share-reward&utm_medium=employer-app

export const SHARE_UTM = { campaign: 'share-reward', medium: 'employer-app' } as const;
/** The city segment of a job without a city (a remote job). */
export const NO_CITY_SEGMENT = 'remote';

/** A URL path segment: unicode folded to ASCII, lowercase, words joined by single hyphens. */
export function slugifySegment(text: string | null | undefined, fallback = ''): string {
  const slug = (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || fallback;
}

export type TShareLinkInput = { city?: string | null; companyName: string; title: string; shortId: string };

/** The slugs the public site uses in a job's address (the job's `linkData`). */
export function jobLinkData({ city, companyName, title }: Omit<TShareLinkInput, 'shortId'>) {
  return {
    location: slugifySegment(city, NO_CITY_SEGMENT),
    companyName: slugifySegment(companyName, 'company'),
    title: slugifySegment(title, 'job'),
  };
}

/** `/job/{city}/{company}/{title}-{shortId}`: where /s/{shortId} of a job leads. */
export function buildSharePath(input: TShareLinkInput): string {
  const link = jobLinkData(input);
  return `/job/${link.location}/${link.companyName}/${link.title}-${input.shortId}`;
}

/** Issue 16: the sharer's referral token rides along as `ref` (sharing.ts REFERRAL_PARAM). */
export function buildShareUrl(
  input: TShareLinkInput & { site: string; userId: string; referralToken?: string },
): string {
  const site = input.site.replace(/\/+$/, '');
  const query = new URLSearchParams({
    utm_source: input.userId,
    utm_campaign: SHARE_UTM.campaign,
    utm_medium: SHARE_UTM.medium,
  });
  if (input.referralToken) query.set('ref', input.referralToken);
  return `${site}${buildSharePath(input)}?${query.toString()}`;
}

/** spec 1 §7: the short URL of POST /short-url is {site}/s/{shortId}. */
export const buildShortUrl = (site: string, shortId: string) => `${site.replace(/\/+$/, '')}/s/${shortId}`;

/**
 * spec 3 §2 the company's public career page, by the company's slug (issue 15: served at /company/{slug}; the
 * site sends the earlier /careers/{slug} there, so short links made before keep working).
 */
export const buildCareerPagePath = (companySlug: string) => `/company/${companySlug}`;

const JOB_PATH = /^\/job\/[^/]+\/[^/]+\/[^/]*-([0-9A-Za-z]{8})$/;
/** The shortId of a public job address `/job/{city}/{company}/{title}-{shortId}`, else null. */
export const shortIdOfJobPath = (path: string): string | null => JOB_PATH.exec(path)?.[1] ?? null;

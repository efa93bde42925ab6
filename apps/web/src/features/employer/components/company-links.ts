import type { TCompanyPageCompany } from '@hirecast/domain/company-page';

type TLocation = TCompanyPageCompany['location'];
const parts = (values: (string | undefined)[]) =>
  values.filter((part): part is string => Boolean(part?.trim()));

// spec 3 §3: the page shows the company's city and county.
export const locationText = (location: TLocation) =>
  parts([location.city, location.county]).join(', ') || location.country || '';

// spec 3 §2: the location is a link to a maps search.
export const mapsSearchUrl = (location: TLocation) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    parts([location.city, location.county, location.country]).join(', '),
  )}`;

/** The company's website from its links (spec 3 §3: the info list, type website). */
export const websiteOf = (company: Pick<TCompanyPageCompany, 'info'>) =>
  company.info.find((link) => link.type === 'website')?.value ?? null;

/** Every link but the website: the Socials card shows these. */
export const socialLinksOf = (company: Pick<TCompanyPageCompany, 'info'>) =>
  company.info.filter((link) => link.type !== 'website');

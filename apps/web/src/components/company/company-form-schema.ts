import { z } from 'zod';
import { SOCIAL_TYPES } from '@hirecast/domain/constants';
import {
  ZCreateCompanyRequest,
  ZLocation,
  ZSocialLink,
  type TCompany,
  type TCreateCompanyRequest,
} from '@hirecast/domain/company';
import { companyFromEmail } from '@hirecast/domain/email';
import { zRequired } from '@hirecast/domain/fields';
import { messages } from '@hirecast/domain/messages';
import { isWebLink } from '@hirecast/domain/url';

// The company form (create company, and the settings Company tab) is the request schema from domain with the
// form's own shape for two parts: the website has its own field (sent as info type 'website'), the other
// networks are rows.
export const ZCompanyForm = ZCreateCompanyRequest.omit({ info: true }).extend({
  // No geocoding yet: plain City and Country, both required.
  location: ZLocation.extend({
    city: zRequired(messages.locationRequired).max(120, messages.locationRequired),
  }),
  website: z
    .string()
    .trim()
    .max(500, messages.linkInvalid)
    .refine((v) => v === '' || isWebLink(v), messages.linkInvalid),
  socials: z.array(ZSocialLink),
});
export type TCompanyFormInput = z.input<typeof ZCompanyForm>;
export type TCompanyFormOutput = z.output<typeof ZCompanyForm>;

export const NETWORKS = SOCIAL_TYPES.filter((t) => t !== 'website');
export type TNetwork = (typeof NETWORKS)[number];
export const NETWORK_LABELS: Record<TNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  glassdoor: 'Glassdoor',
};

// spec 1 §2 Create company: name and website are prefilled from the user's email domain.
export function companyFormDefaults(email: string): TCompanyFormInput {
  const guess = companyFromEmail(email);
  return {
    name: guess.name.slice(0, 90),
    website: guess.website,
    industry: '' as TCompanyFormInput['industry'], // nothing chosen yet; the schema asks for one
    description: '',
    location: { city: '', country: '' },
    logo: null,
    primaryColor: '',
    backgroundColor: '',
    socials: [],
  };
}

/** The form's values for a stored company (the settings Company tab). */
export function companyFormValues(company: TCompany): TCompanyFormInput {
  const isNetwork = (type: string): type is TNetwork => (NETWORKS as readonly string[]).includes(type);
  return {
    name: company.name,
    website: company.info.find((i) => i.type === 'website')?.value ?? '',
    industry: company.industry as TCompanyFormInput['industry'],
    description: company.description,
    location: { ...company.location, city: company.location.city ?? '' },
    logo: company.logo,
    primaryColor: company.primaryColor,
    backgroundColor: company.backgroundColor,
    socials: company.info.flatMap((i) => (isNetwork(i.type) ? [{ type: i.type, value: i.value }] : [])),
  };
}

/** Social links as the API takes them: the website first, then the other networks. */
export const toCompanyInfo = ({ website, socials }: Pick<TCompanyFormOutput, 'website' | 'socials'>) => [
  ...(website ? [{ type: 'website' as const, value: website }] : []),
  ...socials,
];

export function toCreateCompanyRequest(values: TCompanyFormOutput): TCreateCompanyRequest {
  const { website, socials, primaryColor, backgroundColor, logo, ...rest } = values;
  return {
    ...rest,
    ...(logo ? { logo } : {}),
    // spec 1 §5: an empty colour means the default.
    ...(primaryColor ? { primaryColor } : {}),
    ...(backgroundColor ? { backgroundColor } : {}),
    info: toCompanyInfo({ website, socials }),
  };
}

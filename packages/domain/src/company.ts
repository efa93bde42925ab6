import { z } from 'zod';
import { INDUSTRIES, LIMITS, SOCIAL_TYPES } from './constants.ts';
import { isCssColor } from './css-color.ts';
import { zRequired } from './fields.ts';
import { messages, requiredField } from './messages.ts';
import { ZAgency, ZCompanyLetterAnswer, ZLetterChange } from './settings.ts';
import { isWebLink } from './url.ts';

export const ZLocation = z.object(
  {
    streetAddress: z.string().trim().max(200).optional(),
    city: z.string().trim().max(120).optional(),
    county: z.string().trim().max(120).optional(),
    country: zRequired(messages.locationRequired).max(120, messages.locationRequired),
    postalCode: z.string().trim().max(20).optional(),
  },
  { error: messages.locationRequired },
);
export type TLocation = z.infer<typeof ZLocation>;

// spec 1 §5: colour inputs must be valid CSS colours; empty resets to the default (null).
const zColor = z
  .string()
  .trim()
  .max(64, messages.colourInvalid)
  .refine((v) => v === '' || isCssColor(v), messages.colourInvalid)
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const ZSocialLink = z.object({
  type: z.enum(SOCIAL_TYPES, { error: messages.linkInvalid }),
  value: z.string().trim().max(500, messages.linkInvalid).refine(isWebLink, messages.linkInvalid),
});

const companyFields = {
  name: zRequired(requiredField('Name')).max(
    LIMITS.companyNameMax,
    'Company name must be at most 90 characters',
  ),
  industry: z.enum(INDUSTRIES, { error: requiredField('Industry') }),
  // spec 1 §5: the bio must be under 256 characters
  description: zRequired(requiredField('Bio')).max(LIMITS.bioMax - 1, messages.bioTooLong),
  location: ZLocation,
  logo: z.string().trim().max(2000).nullable().optional(),
  primaryColor: zColor.optional(),
  backgroundColor: zColor.optional(),
  info: z.array(ZSocialLink).max(SOCIAL_TYPES.length).optional(),
};

// spec 1 §7 Company: POST /company
export const ZCreateCompanyRequest = z.object(companyFields).strict();
export type TCreateCompanyRequest = z.input<typeof ZCreateCompanyRequest>;

// spec 2 §7: PATCH /company/{id}, any subset
// Issue 7: the Texts tab saves letters through the same call (settings.ts ZLetterChange).
export const ZUpdateCompanyRequest = z
  .object({ ...companyFields, letters: z.array(ZLetterChange).min(1).max(8) })
  .partial()
  .strict();
export type TUpdateCompanyRequest = z.input<typeof ZUpdateCompanyRequest>;

export const ZCompany = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  industry: z.string(),
  description: z.string(),
  location: ZLocation,
  logo: z.string().nullable(),
  primaryColor: z.string(),
  backgroundColor: z.string(),
  isAgency: z.boolean(),
  isRedirectJobs: z.boolean(),
  activeJobs: z.number().int(),
  info: z.array(ZSocialLink),
  createdAt: z.string(),
  // Issue 7: the agency details (null until the agency switch was first turned on), every letter kind (the
  // company's own text or the default) and whether company details are being read from a link (POST /texau).
  agency: ZAgency.nullable(),
  letters: z.array(ZCompanyLetterAnswer),
  texauLoading: z.boolean(),
});
export type TCompany = z.infer<typeof ZCompany>;

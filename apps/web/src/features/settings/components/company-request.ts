import type { TCompany, TUpdateCompanyRequest } from '@hirecast/domain/company';
import { toCompanyInfo, type TCompanyFormOutput } from '../../../components/company/company-form-schema.ts';

type TCompanyFields = Required<Omit<TUpdateCompanyRequest, 'letters'>>;

/** The company form's values as PATCH /company/{id} takes them; an empty colour resets to the default (null). */
export function toUpdateCompanyRequest(values: TCompanyFormOutput): TCompanyFields {
  const { website, socials, primaryColor, backgroundColor, logo, ...rest } = values;
  return {
    ...rest,
    logo: logo ?? null,
    primaryColor: primaryColor || null,
    backgroundColor: backgroundColor || null,
    info: toCompanyInfo({ website, socials }),
  };
}

// JSON with sorted keys and without undefined values, so that equal values compare equal.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Only the fields that differ from the stored company: a save sends what the person changed. */
export function changedCompanyFields(next: TCompanyFields, company: TCompany): TUpdateCompanyRequest {
  const stored: Record<keyof TCompanyFields, unknown> = {
    name: company.name,
    industry: company.industry,
    description: company.description,
    location: company.location,
    logo: company.logo,
    primaryColor: company.primaryColor,
    backgroundColor: company.backgroundColor,
    info: company.info,
  };
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof TCompanyFields)[]) {
    if (canonical(next[key]) !== canonical(stored[key])) changed[key] = next[key];
  }
  return changed as TUpdateCompanyRequest;
}

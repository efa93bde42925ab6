import type { companies, companyAgencies, companyLetters } from '@hirecast/db/schema';
import { LETTER_KINDS } from '@hirecast/domain/applicants';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR } from '@hirecast/domain/constants';
import type { TCompany } from '@hirecast/domain/company';
import { letterFor, type TCompanyLetter } from '@hirecast/domain/letters';
import type { TAgency, TCompanyLetterAnswer } from '@hirecast/domain/settings';

export type TCompanyRow = typeof companies.$inferSelect;
export type TAgencyRow = typeof companyAgencies.$inferSelect;
export type TLetterRow = Pick<typeof companyLetters.$inferSelect, 'kind' | 'subject' | 'text'>;

export function serializeAgency(row: TAgencyRow): TAgency {
  return { _id: row.id, name: row.name, email: row.email, phone: row.phone, logo: row.logo };
}

/** Every letter kind (spec 2 §9 letter tabs): the company's own subject and text, or the default. */
export function letterAnswers(rows: readonly TLetterRow[]): TCompanyLetterAnswer[] {
  const own = rows as readonly TCompanyLetter[];
  return LETTER_KINDS.map((kind) => ({
    kind,
    ...letterFor(kind, own),
    isDefault: !own.some((r) => r.kind === kind),
  }));
}

// The API keeps the spec's field names (ARCHITECTURE.md, Database). Colours left empty answer their
// defaults (spec 1 §3: primary #44504B; §5: an empty background colour resets to the default).
export function serializeCompany(
  row: TCompanyRow,
  { agency = null, letters = [] }: { agency?: TAgencyRow | null; letters?: readonly TLetterRow[] } = {},
): TCompany {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    industry: row.industry,
    description: row.description,
    location: row.location,
    logo: row.logo,
    primaryColor: row.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    backgroundColor: row.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
    isAgency: row.isAgency,
    isRedirectJobs: row.isRedirectJobs,
    activeJobs: row.activeJobs,
    info: row.info.map(({ type, value }) => ({ type, value })) as TCompany['info'],
    createdAt: row.createdAt.toISOString(),
    agency: agency ? serializeAgency(agency) : null,
    letters: letterAnswers(letters),
    texauLoading: row.texauLoading,
  };
}

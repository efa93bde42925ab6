import type { companies } from '@hirecast/db/schema';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR } from '@hirecast/domain/constants';
import type { TCompany } from '@hirecast/domain/company';

type TCompanyRow = typeof companies.$inferSelect;

// The API keeps the spec's field names (ARCHITECTURE.md, Database). Colours left empty answer their
// defaults (spec 1 §3: primary #44504B; §5: an empty background colour resets to the default).
export function serializeCompany(row: TCompanyRow): TCompany {
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
  };
}

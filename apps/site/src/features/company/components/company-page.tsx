import type { TPublicCompanyPage } from '@hirecast/domain/company-page';
import {
  COMPANY_PAGE_TABS,
  tabOfQuery,
  type TCompanyPageTabQuery,
} from '@hirecast/domain/company-page-rules';
import { CompanyBlock, type TBlockContext } from './company-blocks.tsx';
import { CompanyJobs } from './company-jobs.tsx';

/** The address of a tab, staying embedded when the page is. */
export function tabHref(path: string, tab: TCompanyPageTabQuery, embed: boolean) {
  const query = new URLSearchParams();
  if (tab !== COMPANY_PAGE_TABS[0].query) query.set('tab', tab);
  if (embed) query.set('embed', '1');
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

const mapsSearch = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

function CompanyHeader({ page }: { page: TPublicCompanyPage }) {
  const { company } = page;
  const place = [company.location.city, company.location.county, company.location.country]
    .filter((p): p is string => !!p && p.trim() !== '')
    .join(', ');
  return (
    <div className="card company-hero">
      {page.bannerImage && (
        <img
          className="company-banner"
          src={page.bannerImage}
          alt=""
          width={1440}
          height={260}
          fetchPriority="high"
        />
      )}
      <div className="company-identity">
        {company.logo ? (
          <img className="company-logo" src={company.logo} alt="" width={72} height={72} />
        ) : (
          <span className="company-logo company-initial" aria-hidden="true">
            {company.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="company-title">{company.name}</h1>
          <p className="company-meta">
            {company.industry && <span>{company.industry}</span>}
            {place && (
              <a href={mapsSearch(place)} target="_blank" rel="noopener noreferrer">
                {place}
              </a>
            )}
            {company.website && (
              <a href={company.website} target="_blank" rel="noopener noreferrer">
                Visit website
              </a>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}

/** spec 3 §2 the public career page: header, the tabs, the chosen tab's blocks in their order. */
export function CompanyPage({
  page,
  tab,
  embed,
  onVideoMark,
}: {
  page: TPublicCompanyPage;
  tab: TCompanyPageTabQuery;
  embed: boolean;
  onVideoMark?: (assetId: string, second: number) => void;
}) {
  const current = tabOfQuery(tab);
  const linkTarget = embed ? '_top' : undefined;
  const ctx: TBlockContext = { page, jobsHref: tabHref(page.path, 'jobs', embed), linkTarget, onVideoMark };
  const blocks = page.pages[current.pageType];
  return (
    <div className="company" aria-labelledby="company-title">
      <CompanyHeader page={page} />
      <nav className="company-tabs" aria-label="Career page">
        <ul>
          {COMPANY_PAGE_TABS.map((t) => (
            <li key={t.query}>
              <a
                href={tabHref(page.path, t.query, embed)}
                aria-current={t.query === current.query ? 'page' : undefined}
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="company-tab" aria-labelledby="company-tab-title">
        <h2 id="company-tab-title" className="visually-hidden">
          {current.label}
        </h2>
        {blocks.length > 0 && (
          <ol className={`blocks${current.pageType === 'JOBS' ? '' : ' blocks-masonry'}`}>
            {blocks.map((block) => (
              <li key={block._id} className="block" data-block-type={block.type}>
                <CompanyBlock block={block} ctx={ctx} />
              </li>
            ))}
          </ol>
        )}
        {current.pageType === 'JOBS' && <CompanyJobs jobs={page.jobs} linkTarget={linkTarget} />}
        {blocks.length === 0 && current.pageType === 'STORIES' && (
          <p className="card empty-tab">No stories yet.</p>
        )}
      </section>
    </div>
  );
}

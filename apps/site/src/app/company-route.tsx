import { useCallback } from 'react';
import type { TPublicCompanyPage, TPublicStory } from '@hirecast/domain/company-page';
import { buildCompanyPagePath, type TCompanyPageTabQuery } from '@hirecast/domain/company-page-rules';
import { brandStyle } from '../components/brand.ts';
import { SiteLayout } from '../components/site-layout.tsx';
import { CompanyPage } from '../features/company/components/company-page.tsx';
import { StoryPage } from '../features/company/components/story-page.tsx';
import { useEmbedHeight } from '../lib/embed-height.ts';
import { sendAssetEngagement } from '../lib/engagement.ts';

// Videos on the company page and stories count engagement as the job page's additional videos do.
const useVideoMark = () =>
  useCallback((assetId: string, second: number) => sendAssetEngagement({ assetId, second }), []);

/** The company page; embedded (?embed=1) it has no site chrome and tells the parent window its height. */
export function CompanyRoute({
  page,
  tab,
  embed,
}: {
  page: TPublicCompanyPage;
  tab: TCompanyPageTabQuery;
  embed: boolean;
}) {
  useEmbedHeight(embed);
  const onVideoMark = useVideoMark();
  const content = <CompanyPage page={page} tab={tab} embed={embed} onVideoMark={onVideoMark} />;
  if (embed)
    return (
      <div className="site site-embed" style={brandStyle(page.company)}>
        <main id="main" className="page-embed">
          {content}
        </main>
      </div>
    );
  return (
    <SiteLayout branding={page.company} brandHref={page.path}>
      {content}
    </SiteLayout>
  );
}

export function StoryRoute({ story }: { story: TPublicStory }) {
  const onVideoMark = useVideoMark();
  return (
    <SiteLayout branding={story.company} brandHref={buildCompanyPagePath(story.company.slug)}>
      <div className="company">
        <StoryPage story={story} onVideoMark={onVideoMark} />
      </div>
    </SiteLayout>
  );
}

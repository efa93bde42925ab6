import type { TSitePage } from '@hirecast/domain/site-page';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ApplicationPage } from '../features/application/components/application-page.tsx';
import { CompanyRoute, StoryRoute } from './company-route.tsx';
import { JobRoute } from './job-route.tsx';

/** One page of the public site, as the server chose it (TSitePage); the same tree renders and hydrates. */
export function App({ page }: { page: TSitePage }) {
  switch (page.kind) {
    case 'job':
      return <JobRoute job={page.job} preview={page.preview} />;
    case 'application':
      return <ApplicationPage token={page.token} application={page.application} />;
    case 'not-found':
      return <NotFoundPage siteUrl={page.siteUrl} text={page.text} />;
    case 'company':
      return <CompanyRoute page={page.page} tab={page.tab} embed={page.embed} />;
    case 'story':
      return <StoryRoute story={page.story} />;
  }
}

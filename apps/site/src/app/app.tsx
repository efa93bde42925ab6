import { useEffect } from 'react';
import type { TSitePage } from '@hirecast/domain/site-page';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ApplicationPage } from '../features/application/components/application-page.tsx';
import { CompanyRoute, StoryRoute } from './company-route.tsx';
import { JobRoute } from './job-route.tsx';

/**
 * Marks the document once the page has hydrated (its links and forms are then enhanced), so tests and tools can
 * tell a click that the scripts handle from one the plain HTML handles.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** One page of the public site, as the server chose it (TSitePage); the same tree renders and hydrates. */
export function App({ page }: { page: TSitePage }) {
  useHydratedMark();
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

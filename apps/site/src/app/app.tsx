import { lazy, Suspense, useEffect } from 'react';
import type { TSitePage } from '@hirecast/domain/site-page';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ApplicationPage } from '../features/application/components/application-page.tsx';
import { ClosedScreen } from '../features/interview/components/closed-screen.tsx';
import { DataExportPage, KeepPage } from '../features/privacy/components/privacy-link-pages.tsx';
import { CompanyRoute, StoryRoute } from './company-route.tsx';
import { JobRoute } from './job-route.tsx';

// Issue 25: the interview and the outside reviewer's page load their own code (the recorder, tus) so the job
// pages stay small; the server renders their loading state.
const InterviewPage = lazy(() =>
  import('../features/interview/components/interview-page.tsx').then((m) => ({ default: m.InterviewPage })),
);
const ReviewPage = lazy(() =>
  import('../features/interview-review/components/review-page.tsx').then((m) => ({ default: m.ReviewPage })),
);
const loading = <p className="loading">Loading…</p>;

/**
 * Marks the document once the page has hydrated (its links and forms are then enhanced), so tests and tools can
 * tell a click that the scripts handle from one the plain HTML handles. It sits after the page, inside the one
 * Suspense boundary: for a page whose code loads on its own, React hydrates that boundary only once the code is
 * in, and until then the server's buttons have no handlers.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** One page of the public site, as the server chose it (TSitePage); the same tree renders and hydrates. */
export function App({ page }: { page: TSitePage }) {
  return (
    <Suspense fallback={loading}>
      <Page page={page} />
      <HydratedMark />
    </Suspense>
  );
}

function Page({ page }: { page: TSitePage }) {
  switch (page.kind) {
    case 'job':
      return <JobRoute job={page.job} preview={page.preview} />;
    case 'application':
      return <ApplicationPage token={page.token} application={page.application} />;
    case 'not-found':
      return <NotFoundPage siteUrl={page.siteUrl} text={page.text} gone={page.gone} />;
    case 'company':
      return <CompanyRoute page={page.page} tab={page.tab} embed={page.embed} />;
    case 'story':
      return <StoryRoute story={page.story} />;
    case 'interview':
      return <InterviewPage token={page.token} interview={page.interview} />;
    case 'interview-closed':
      return <ClosedScreen token={page.token} closed={page.closed} />;
    case 'interview-review':
      return <ReviewPage token={page.token} review={page.review} />;
    case 'keep':
      return <KeepPage brand={page.brand} outcome={page.outcome} />;
    case 'data-export':
      return <DataExportPage brand={page.brand} outcome={page.outcome} />;
  }
}

import { applyMessages } from '@hirecast/domain/apply-messages';
import { SiteLayout } from './site-layout.tsx';

export function NotFoundPage({ siteUrl }: { siteUrl: string }) {
  return (
    <SiteLayout branding={null}>
      <section className="card narrow message-card" aria-labelledby="not-found-title">
        <p className="eyebrow">Error 404</p>
        <h1 id="not-found-title">Page not found</h1>
        <p>{applyMessages.jobNotFound} The job may have closed, or the link may be mistyped.</p>
        <p>
          <a className="button button-secondary" href={siteUrl}>
            Go to the home page
          </a>
        </p>
      </section>
    </SiteLayout>
  );
}

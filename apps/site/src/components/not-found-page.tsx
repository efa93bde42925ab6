import { applyMessages } from '@hirecast/domain/apply-messages';
import { SiteLayout } from './site-layout.tsx';

/** The site's 404: what was not found (`text`, e.g. a company page), a job when the server did not say. */
export function NotFoundPage({ siteUrl, text }: { siteUrl: string; text?: string }) {
  const aboutJob = !text || text === applyMessages.jobNotFound;
  return (
    <SiteLayout branding={null}>
      <section className="card narrow message-card" aria-labelledby="not-found-title">
        <p className="eyebrow">Error 404</p>
        <h1 id="not-found-title">Page not found</h1>
        <p>
          {aboutJob
            ? `${applyMessages.jobNotFound} The job may have closed, or the link may be mistyped.`
            : text}
        </p>
        <p>
          <a className="button button-secondary" href={siteUrl}>
            Go to the home page
          </a>
        </p>
      </section>
    </SiteLayout>
  );
}

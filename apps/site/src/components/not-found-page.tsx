import { applyMessages } from '@hirecast/domain/apply-messages';
import { SiteLayout } from './site-layout.tsx';

/**
 * The site's 404: what was not found (`text`, e.g. a company page), a job when the server did not say; `gone`
 * for a private link that has closed (an interview past its deadline, an expired review link).
 */
export function NotFoundPage({
  siteUrl,
  text,
  gone = false,
}: {
  siteUrl: string;
  text?: string;
  gone?: boolean;
}) {
  const aboutJob = !text || text === applyMessages.jobNotFound;
  return (
    <SiteLayout branding={null}>
      <section className="card narrow message-card" aria-labelledby="not-found-title">
        <p className="eyebrow">{gone ? 'Link closed' : 'Error 404'}</p>
        <h1 id="not-found-title">{gone ? 'This link has closed' : 'Page not found'}</h1>
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

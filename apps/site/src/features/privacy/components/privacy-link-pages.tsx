import type { ReactNode } from 'react';
import {
  privacyPageMessages as pm,
  type TExportOutcome,
  type TKeepOutcome,
  type TSiteBrand,
} from '@hirecast/domain/privacy-pages';
import { SiteLayout } from '../../../components/site-layout.tsx';

/** The card of one privacy page: a heading and what happened, in the company's frame when it is known. */
function PrivacyCard({
  brand,
  eyebrow,
  title,
  children,
}: {
  brand: TSiteBrand | null;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <SiteLayout branding={brand}>
      <section className="card narrow message-card" aria-labelledby="privacy-title">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="privacy-title">{title}</h1>
        {children}
      </section>
    </SiteLayout>
  );
}

/**
 * Issue 33 item 7: /keep/{token}, the retention warning's "Keep my application". The first open keeps the
 * application; another open (a double click, a mail scanner that followed the link first) says until when it is
 * kept; a link a newer warning replaced, or of an application already removed, says it is no longer valid.
 */
export function KeepPage({ brand, outcome }: { brand: TSiteBrand | null; outcome: TKeepOutcome }) {
  if (outcome.state === 'invalid')
    return (
      <PrivacyCard brand={brand} eyebrow="Your application" title={pm.keepInvalidTitle}>
        <p role="status">{outcome.text}</p>
        <p>{pm.keepInvalidHelp}</p>
      </PrivacyCard>
    );
  const again = outcome.state === 'already-kept';
  return (
    <PrivacyCard brand={brand} eyebrow="Your application" title={again ? pm.alreadyKeptTitle : pm.keptTitle}>
      <p role="status">
        {again ? pm.alreadyKept(outcome.untilDay) : pm.kept(outcome.companyName, outcome.untilDay)}
      </p>
      <p>{pm.keptNothingElse}</p>
    </PrivacyCard>
  );
}

/** Issue 33 item 7: /data-export/{token}, the "your data is ready" email's link, with the download button. */
export function DataExportPage({ brand, outcome }: { brand: TSiteBrand | null; outcome: TExportOutcome }) {
  if (outcome.state === 'invalid')
    return (
      <PrivacyCard brand={brand} eyebrow="Your data" title={pm.exportInvalidTitle}>
        <p role="status">{outcome.text}</p>
        <p>{pm.exportInvalidHelp}</p>
      </PrivacyCard>
    );
  return (
    <PrivacyCard brand={brand} eyebrow="Your data" title={pm.exportReadyTitle}>
      <p>{pm.exportReady(brand?.name ?? 'the company')}</p>
      <p>
        <a className="button button-primary" href={outcome.downloadUrl} rel="nofollow">
          {pm.exportDownload}
        </a>
      </p>
      <p className="privacy-note">{pm.exportExpires(outcome.expiresDay)}</p>
    </PrivacyCard>
  );
}

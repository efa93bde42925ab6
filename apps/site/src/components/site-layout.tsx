import type { ReactNode } from 'react';
import { brandStyle } from './brand.ts';

export type TBranding = {
  name: string;
  logo?: string | null;
  primaryColor?: string | null;
  backgroundColor?: string | null;
  agency?: { name: string; logo: string | null } | null;
};

/** The frame of every page: skip link, the company's header (and the agency's, when it recruits), main, footer. */
export function SiteLayout({
  branding,
  brandHref,
  banner,
  children,
}: {
  branding: TBranding | null;
  /** The company's public page (issue 15: job pages link to their company page). */
  brandHref?: string;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const Brand = brandHref ? 'a' : 'span';
  return (
    <div className="site" style={brandStyle(branding ?? {})}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header-inner">
          {branding ? (
            <>
              <Brand className="brand" {...(brandHref && { href: brandHref })}>
                {branding.logo ? (
                  <img className="brand-logo" src={branding.logo} alt="" width={40} height={40} />
                ) : (
                  <span className="brand-initial" aria-hidden="true">
                    {branding.name.trim().charAt(0).toUpperCase()}
                  </span>
                )}
                <span className="brand-name">{branding.name}</span>
              </Brand>
              {branding.agency && (
                <span className="agency">
                  <span className="agency-label">Recruiting through</span>
                  {branding.agency.logo && (
                    <img className="agency-logo" src={branding.agency.logo} alt="" width={28} height={28} />
                  )}
                  <span className="agency-name">{branding.agency.name}</span>
                </span>
              )}
            </>
          ) : (
            <span className="brand brand-name">Hirecast</span>
          )}
        </div>
      </header>
      <main id="main" className="container page" tabIndex={-1}>
        {banner}
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">Video hiring by Hirecast</div>
      </footer>
    </div>
  );
}

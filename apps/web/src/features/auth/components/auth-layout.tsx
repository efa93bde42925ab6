import type { ReactNode } from 'react';
import { Wordmark } from '../../../components/wordmark.tsx';
import { AuthIllustration } from './auth-illustration.tsx';
import './auth.css';

type TProps = { title?: string; subtitle?: ReactNode; children: ReactNode };

// The sign-in / sign-up frame: form on the left, illustration panel on the right; form only at 900 px and under.
// Plain HTML and CSS (auth.css): /sign-in loads no MUI (decision 035).
export function AuthLayout({ title, subtitle, children }: TProps) {
  return (
    <div className="hc-auth">
      <main id="main-content" className="hc-auth__main">
        <header>
          <Wordmark />
        </header>
        <div className="hc-auth__body">
          <div className="hc-auth__column">
            {title && (
              <h1 className={subtitle ? 'hc-auth__title hc-auth__title--with-subtitle' : 'hc-auth__title'}>
                {title}
              </h1>
            )}
            {subtitle && <p className="hc-auth__subtitle">{subtitle}</p>}
            {children}
          </div>
        </div>
      </main>
      <div className="hc-auth__panel">
        <AuthIllustration />
      </div>
    </div>
  );
}

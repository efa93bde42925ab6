import type { ReactNode } from 'react';
import './auth.css';

// An error said on the auth pages, as MUI's standard error Alert looks, in plain HTML and CSS (the sign-in
// page loads no MUI, decision 035). role=alert: screen readers say it when it appears.
export function AuthErrorNote({ children, spaced = false }: { children: ReactNode; spaced?: boolean }) {
  return (
    <div role="alert" className={spaced ? 'hc-note hc-note--spaced' : 'hc-note'}>
      <svg className="hc-note__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8" />
      </svg>
      <div className="hc-note__text">{children}</div>
    </div>
  );
}

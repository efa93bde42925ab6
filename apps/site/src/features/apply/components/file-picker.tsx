import type { ReactNode } from 'react';

/**
 * A file field that looks like the rest of the site: the native input (its label, keyboard use and dropped
 * files unchanged) lies transparent over a drop zone with a site button, instead of the browser's own
 * "Choose File / No file chosen" control.
 */
export function FilePicker({ children }: { children: ReactNode }) {
  return (
    <div className="file-picker">
      <span className="file-picker-face" aria-hidden="true">
        <span className="button button-secondary button-small file-picker-button">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="M12 16V4M6 10l6-6 6 6M4 20h16" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Choose a file
        </span>
        <span className="file-picker-text">or drop it here</span>
      </span>
      {children}
    </div>
  );
}

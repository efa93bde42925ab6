import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { TSitePage } from '@hirecast/domain/site-page';
import { App } from './app/app.tsx';

/**
 * The markup that goes inside <div id="root"> for a page. The server writes the document around it (head,
 * JSON-LD, stylesheet and module script from the manifest, and #site-data with the same page as JSON).
 */
export function render(page: TSitePage): string {
  return renderToString(
    <StrictMode>
      <App page={page} />
    </StrictMode>,
  );
}

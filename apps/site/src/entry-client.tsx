import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { TSitePage } from '@hirecast/domain/site-page';
import { App } from './app/app.tsx';
import './styles.css';

// The server renders the page and puts what it rendered from in #site-data; hydrating with the same data gives
// the same tree. It is our own server's JSON in our own document, so it is not parsed with zod here (zod would
// more than double the job page's JavaScript).
const data = document.getElementById('site-data')?.textContent;
const root = document.getElementById('root');
if (data && root) {
  const page = JSON.parse(data) as TSitePage;
  hydrateRoot(
    root,
    <StrictMode>
      <App page={page} />
    </StrictMode>,
  );
}

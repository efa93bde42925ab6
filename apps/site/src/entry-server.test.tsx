import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { TSitePage } from '@hirecast/domain/site-page';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.tsx';
import { render } from './entry-server.tsx';
import { makeCandidateApplication, makePublicJob } from './test/fixtures.ts';

const siteUrl = 'https://jobs.example.com';
const pages: [string, TSitePage][] = [
  [
    'an open job with a hosted video, other jobs and agency branding',
    {
      kind: 'job',
      preview: false,
      siteUrl,
      job: makePublicJob({
        company: { ...makePublicJob().company, logo: '/media/logo.png' },
        video: {
          kind: 'hosted',
          assetId: 'v1',
          mp4: '/v/480.mp4',
          mp4_720p: '/v/720.mp4',
          poster: '/v/poster.jpg',
          width: 1280,
          height: 720,
          duration: 60,
        },
        agency: { name: 'Talent Co', logo: '/media/agency.png' },
        image: '/media/kitchen.jpg',
        otherJobs: [
          {
            shortId: 'x1',
            title: 'Sous Chef',
            path: '/job/leeds/northwind/sous-chef-x1',
            city: 'Leeds',
            employmentType: 'part-time',
          },
        ],
      }),
    },
  ],
  [
    'a closed job in preview',
    { kind: 'job', preview: true, siteUrl, job: makePublicJob({ status: 'closed' }) },
  ],
  ['an application', { kind: 'application', token: 't0k', siteUrl, application: makeCandidateApplication() }],
  ['not found', { kind: 'not-found', siteUrl }],
];

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('render (entry-server)', () => {
  it.each(pages)('renders %s to markup that hydrates without a mismatch', async (_name, page) => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => true) });
    const html = render(page);
    expect(html.length).toBeGreaterThan(100);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <App page={page} />, { onRecoverableError: recoverable });
    });
    // A mismatch is reported as a recoverable error (and console.error, which fails the test by itself).
    expect(recoverable).not.toHaveBeenCalled();
    // Hydration kept the server's DOM as it was (compared through the same HTML serialiser).
    const served = document.createElement('div');
    served.innerHTML = html;
    expect(container.innerHTML).toBe(served.innerHTML);
  });

  it('puts the job in the served markup: title, facts, sanitised description', () => {
    const html = render({ kind: 'job', preview: false, siteUrl, job: makePublicJob() });
    expect(html).toContain('<h1 id="job-title">Head Chef</h1>');
    expect(html).toContain('£32,000 – £38,000 per year');
    expect(html).toContain('<strong>twelve</strong>');
  });
});

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompanyPage, TSortedBlock } from '@hirecast/domain/company-page';
import { EMPTY_STATS, type TPageType } from '@hirecast/domain/company-page-rules';
import { theme } from '../../../lib/theme.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { makeManager } from '../../../test/fixtures.ts';

export { mockApi, type TCall } from '../../../test/mock-api.ts';

// Test data of the career page editor's component tests (the e2e test uses the real API).

const emptyTab = (pageType: TPageType) => ({
  pageType,
  assets: [],
  textAreas: [],
  quotes: [],
  dynamicElements: [],
  employerTestimonials: [],
  sortedBlocks: [] as TSortedBlock[],
});

export const textBlock = (id: string, header: string, order: number, pageType: TPageType = 'WHY_JOIN') =>
  ({
    _id: id,
    order,
    type: 'TEXT_AREA',
    textArea: { _id: id, order, pageType, header, content: `${header} text`, infoType: 'ABOUT_COMPANY' },
  }) satisfies TSortedBlock;

export const makeCompanyPage = (
  blocks: TSortedBlock[] = [],
  over: Partial<TCompanyPage> = {},
): TCompanyPage => ({
  _id: 'page-1',
  _company: 'co-1',
  bannerImage: null,
  bannerImageId: null,
  stats: EMPTY_STATS,
  pages: {
    WHY_JOIN: { ...emptyTab('WHY_JOIN'), sortedBlocks: blocks },
    BENEFITS: emptyTab('BENEFITS'),
    STORIES: emptyTab('STORIES'),
    JOBS: emptyTab('JOBS'),
  },
  company: {
    _id: 'co-1',
    name: 'Northwind',
    slug: 'northwind',
    logo: null,
    industry: 'Retail',
    description: 'A shop.',
    location: { city: 'Leeds', county: 'West Yorkshire', country: 'United Kingdom' },
    info: [{ type: 'website', value: 'https://northwind.example' }],
    primaryColor: '#1F6F8B',
    backgroundColor: '#F7FAFB',
  },
  jobs: [],
  publicUrl: 'http://localhost:3000/company/northwind',
  embedUrl: 'http://localhost:3000/company/northwind?embed=1',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

/** jsdom has no media queries: answer `wide` for the 901 px query (desktop) and its opposite for 900 px. */
export function stubWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: media.includes('min-width:901px') ? wide : media.includes('max-width:900px') ? !wide : false,
    media,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderEmployer(
  ui: ReactNode,
  { me = makeManager({ _company: 'co-1' }), path = '/employer' }: { me?: TManager; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/employer"
              element={
                <>
                  {ui}
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
        <ToastContainer />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

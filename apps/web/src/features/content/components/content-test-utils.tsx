import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { TImageAsset, TVideoAsset } from '@hirecast/domain/asset';
import type { TManager } from '@hirecast/domain/auth';
import { meQueryKey } from '../../../lib/me.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { mockApi, type TCall, type THandler } from '../../../test/mock-api.ts';

export { mockApi, type TCall };

// Test data and a fetch stand-in for the content library tests (component tests only; e2e uses the real API).

export const makeVideo = (over: Partial<TVideoAsset> = {}): TVideoAsset => ({
  _id: 'v1',
  _company: 'c1',
  _owner: 'm1',
  type: 0,
  title: 'Welcome to the team',
  fileName: 'welcome.webm',
  status: 'prepared',
  statusReason: null,
  data: {
    videoUrl: '/files/v1.webm',
    thumbnailUrl: '/files/v1-thumb.jpg',
    customThumbnailUrl: null,
    customMobileThumbnailUrl: null,
    videoMp4Url: '/files/v1-480.mp4',
    videoMp4Url_720p: '/files/v1-720.mp4',
    image400: '/files/v1-400.webp',
    image640: '/files/v1-640.webp',
  },
  // A video the pipeline has finished with (no Processing band): its renditions and every thumbnail.
  thumbnails: ['/files/v1-thumb.jpg', '/files/v1-thumb2.jpg', '/files/v1-thumb3.jpg', '/files/v1-thumb4.jpg'],
  _tags: [],
  _question: null,
  isStory: false,
  dimension: 'landscape',
  width: 1280,
  height: 720,
  duration: 65,
  exclude: false,
  createdAt: '2026-11-03T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
  ...over,
});

export const makeImage = (over: Partial<TImageAsset> = {}): TImageAsset => ({
  _id: 'i1',
  _company: 'c1',
  _owner: 'm1',
  title: 'Office',
  fileName: 'office.png',
  url: '/files/office.png',
  data: { image400: { url: '/files/office-400.webp' }, image640: { url: '/files/office-640.webp' } },
  dimension: 'landscape',
  width: 1600,
  height: 900,
  createdAt: '2026-11-03T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
  ...over,
});

/** A library server: the video and image lists (filtered by search), tags and any extra answers. */
export function libraryApi(
  { videos = [], images = [], count }: { videos?: TVideoAsset[]; images?: TImageAsset[]; count?: number },
  extra?: THandler,
) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const url = new URL(call.path, 'http://x');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const match = <T extends { title: string }>(list: T[]) =>
      list.filter((a) => a.title.toLowerCase().includes(search));
    if (call.method === 'GET' && url.pathname === '/company/assets') {
      const assets = match(videos);
      return { body: { data: { assets, count: count ?? assets.length } } };
    }
    if (call.method === 'GET' && url.pathname === '/company/image-assets') {
      const assets = match(images);
      return { body: { data: { assets, count: count ?? assets.length } } };
    }
    if (call.method === 'GET' && url.pathname === '/tag')
      return { body: { data: { tags: ['culture', 'team'] } } };
    return undefined;
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.search}</p>;
}

export function renderLibrary(
  ui: ReactNode,
  { me = makeManager(), path = '/content' }: { me?: TManager; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, me);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/content"
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { mockApi, type TCall } from '../../test/mock-api.ts';

export { mockApi, type TCall };

// Test helpers of the media dialogs (component tests only; e2e uses the real API).

export const makeVideoAsset = (over: Partial<TVideoAsset> = {}): TVideoAsset => ({
  _id: 'a-1',
  _company: 'co-1',
  _owner: 'u-1',
  type: 0,
  title: 'Welcome',
  fileName: 'welcome.webm',
  status: 'prepared',
  statusReason: null,
  data: { videoMp4Url: '/media/a-1-480.mp4', videoMp4Url_720p: '/media/a-1-720.mp4', image640: null },
  thumbnails: [],
  _tags: [],
  _question: null,
  isStory: false,
  dimension: 'landscape',
  width: 1280,
  height: 720,
  duration: 5,
  exclude: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastContainer />
    </QueryClientProvider>,
  );
}

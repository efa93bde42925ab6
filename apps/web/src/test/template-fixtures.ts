import type { TTemplateData, TVideoTemplate } from '@hirecast/domain/video-template';

// Test data for the animated video tests (component tests only; e2e uses the real API).

export const makeTemplateData = (over: Partial<TTemplateData> = {}): TTemplateData => ({
  type: 'landscape',
  title: 'Join our team',
  cover: null,
  logo: null,
  backgroundColor: '#1d2b4f',
  textColor: '#ffffff',
  fontFamily: 'Open Sans',
  soundtrack: 'soundtrack-1',
  volume: 0.1,
  sections: [
    { type: 'entrance', id: 's1', text: 'Welcome to Acme' },
    {
      type: 'video',
      id: 's2',
      video: {
        assetId: '0b8e6a52-7d3c-4f0a-9a43-2f6a4e1c9d11',
        url: '/files/a1.mp4',
        transcoded: true,
        duration: 8000,
      },
      title: 'Meet Sam',
      subtitle: 'Engineer',
      applySoundtrack: true,
    },
    { type: 'transition', id: 's3', heading: 'Why us', text: 'We ship every day' },
    { type: 'ending', id: 's4', text: 'Apply today' },
  ],
  ...over,
});

export const makeTemplate = (over: Partial<TVideoTemplate> = {}): TVideoTemplate => ({
  _id: 't1',
  title: 'Join our team',
  cover: null,
  coverMobile: null,
  data: makeTemplateData(),
  status: 'draft',
  isSample: false,
  updatedAt: '2026-11-03T10:00:00.000Z',
  _owner: 'm1',
  _file: null,
  dimension: 'landscape',
  errorReason: null,
  progress: null,
  videoMp4Url: null,
  videoMp4Url_720p: null,
  thumbnail: null,
  ...over,
});

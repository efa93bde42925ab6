import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';

// Templates for the renderer's tests (video-render*.test.ts): a video section playing a local file, and a
// template around some sections.

export const videoSection = (
  id: string,
  file: string,
  ms: number,
  extra: Partial<Extract<TTemplateSection, { type: 'video' }>> = {},
) =>
  ({
    type: 'video',
    id,
    video: { assetId: null, url: file, transcoded: true, duration: ms },
    title: '',
    subtitle: '',
    applySoundtrack: true,
    ...extra,
  }) satisfies TTemplateSection;

export const templateOf = (type: 'landscape' | 'portrait', sections: TTemplateSection[]): TTemplateData => ({
  type,
  title: 'Render test',
  cover: null,
  logo: null,
  backgroundColor: '#1d3557',
  textColor: '#f1faee',
  fontFamily: 'Montserrat',
  soundtrack: null,
  volume: 0.1,
  sections,
});

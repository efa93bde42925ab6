import { describe, expect, it } from 'vitest';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { sortOnboardingVideos } from './onboarding-videos.ts';

const video = (title: string) => ({ _id: title, title }) as TVideoAsset;

describe('sortOnboardingVideos (spec 3 §2 Onboarding videos)', () => {
  it('sorts by the number the title starts with, numerically, untitled numbers last', () => {
    const sorted = sortOnboardingVideos([
      video('10. Analytics'),
      video('Extra tips'),
      video('2. Record a video'),
      video('1. Welcome'),
    ]);
    expect(sorted.map((v) => v.title)).toEqual([
      '1. Welcome',
      '2. Record a video',
      '10. Analytics',
      'Extra tips',
    ]);
  });
});

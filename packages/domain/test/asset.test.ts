import { describe, expect, it } from 'vitest';
import {
  ASSET_LIMITS,
  CROP_PRESETS,
  ZCreateAssetRequest,
  ZUpdateAssetRequest,
  canChangeAsset,
  canOpenVideoAsset,
  canPublishStory,
  checkMediaFile,
  checkMixedFile,
  checkVideoFile,
  cropAspect,
  croppedTitle,
  leadingNumber,
  videoAssetStatusLabel,
} from '../src/asset.ts';

const MB = 1024 * 1024;

describe('spec 3 §5 Files', () => {
  it('checks the add video dialog: types and 500 MB', () => {
    for (const type of ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo', 'video/avi'])
      expect(checkVideoFile({ type, size: 10 })).toBeNull();
    expect(checkVideoFile({ type: 'video/x-matroska', size: 10 })).toBe(
      'File type must be one of MOV, MP4 or WEBM',
    );
    expect(checkVideoFile({ type: 'video/mp4', size: 500 * MB })).toBeNull();
    expect(checkVideoFile({ type: 'video/mp4', size: 500 * MB + 1 })).toBe(
      'The file size cannot be larger than 500mb',
    );
  });

  it('checks the recorder file picker with its own messages', () => {
    expect(checkMediaFile('recorder', { type: 'image/png', size: 1 })).toBe(
      'Invalid video. Please select a video file.',
    );
    expect(checkMediaFile('recorder', { type: 'video/webm', size: 1 })).toBe(
      'File type must be one of  mp4, mov, qt or avi.',
    );
    expect(checkMediaFile('recorder', { type: 'video/quicktime', size: 500 * MB + 1 })).toBe(
      'The file cannot be larger than 500 mb.',
    );
    expect(checkMediaFile('recorder', { type: 'video/mp4', size: 1 })).toBeNull();
  });

  it('checks images, the image library, thumbnails and logos', () => {
    expect(checkMediaFile('image', { type: 'image/webp', size: 10 * MB })).toBeNull();
    expect(checkMediaFile('image', { type: 'image/png', size: 10 * MB + 1 })).toBe(
      'The file size cannot be larger than 10mb',
    );
    expect(checkMediaFile('imageLibrary', { type: 'image/png', size: 10 * MB + 1 })).toBe(
      'File cannot be larger than 10 mb',
    );
    expect(checkMediaFile('imageLibrary', { type: 'image/gif', size: 1 })).toBe(
      'File type must be one of PNG, JPEG, WEBP',
    );
    expect(checkMediaFile('thumbnail', { type: 'image/gif', size: 1 })).toBe(
      'File type must be one of jpg, png',
    );
    expect(checkMediaFile('thumbnail', { type: 'image/jpeg', size: 20 * MB + 1 })).toBe(
      'File is larger than 20 mb!',
    );
    expect(checkMediaFile('logo', { type: 'image/png', size: 2 * MB + 1 })).toBe(
      'File cannot be larger than 2 mb',
    );
  });

  it('checks mixed mode by each file’s own rule', () => {
    expect(checkMixedFile({ type: 'image/png', size: 11 * MB })).toBe(
      'The file size cannot be larger than 10mb',
    );
    expect(checkMixedFile({ type: 'video/mp4', size: 11 * MB })).toBeNull();
    expect(checkMixedFile({ type: 'application/pdf', size: 1 })).toBe(
      'File type must be one of MOV, MP4 or WEBM',
    );
  });
});

describe('spec 3 §9 crop presets', () => {
  it('offers Free, Square 1:1, Landscape 16:9, Portrait 9:16 and Original', () => {
    expect(CROP_PRESETS.map((p) => p.label)).toEqual([
      'Free',
      'Square 1:1',
      'Landscape 16:9',
      'Portrait 9:16',
      'Original',
    ]);
    const image = { width: 1000, height: 400 };
    expect(cropAspect('free', image)).toBeNull();
    expect(cropAspect('square', image)).toBe(1);
    expect(cropAspect('landscape', image)).toBeCloseTo(16 / 9);
    expect(cropAspect('portrait', image)).toBeCloseTo(9 / 16);
    expect(cropAspect('original', image)).toBe(2.5);
  });

  it('adds -cropped once and keeps the title within 90 characters', () => {
    expect(croppedTitle('Office')).toBe('Office-cropped');
    expect(croppedTitle('Office-cropped')).toBe('Office-cropped');
    const long = croppedTitle('a'.repeat(90));
    expect(long).toHaveLength(ASSET_LIMITS.titleMax);
    expect(long.endsWith('-cropped')).toBe(true);
  });
});

describe('asset rules and requests', () => {
  it('lets a viewer change only their own assets and never publish a story (spec 3 §6)', () => {
    expect(canChangeAsset({ role: 0, userId: 'u1', ownerId: 'u1' })).toBe(true);
    expect(canChangeAsset({ role: 0, userId: 'u1', ownerId: 'u2' })).toBe(false);
    expect(canChangeAsset({ role: 1, userId: 'u1', ownerId: 'u2' })).toBe(true);
    expect(canPublishStory(0)).toBe(false);
    expect(canPublishStory(1)).toBe(true);
  });

  it('shows new as prepared and opens only prepared, posted and new (spec 3 §4)', () => {
    expect(videoAssetStatusLabel('new')).toBe('prepared');
    expect(videoAssetStatusLabel('ready')).toBe('ready');
    expect(['new', 'prepared', 'posted'].every((s) => canOpenVideoAsset(s as 'new'))).toBe(true);
    expect(canOpenVideoAsset('in progress')).toBe(false);
    expect(canOpenVideoAsset('error')).toBe(false);
  });

  it('validates titles (≤90) and tags (≤10) with the spec messages', () => {
    const base = { title: 'A', fileName: 'a.mp4', uploadId: 'x' };
    expect(ZCreateAssetRequest.safeParse(base).success).toBe(true);
    expect(ZCreateAssetRequest.safeParse({ ...base, title: 'a'.repeat(91) }).error?.issues[0]?.message).toBe(
      'Title must be at most 90 characters',
    );
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(ZUpdateAssetRequest.safeParse({ _tags: tags }).error?.issues[0]?.message).toBe(
      'You can only select 10 tags',
    );
    expect(ZCreateAssetRequest.safeParse({ title: 'A', fileName: 'a.mp4' }).success).toBe(false);
    expect(ZUpdateAssetRequest.safeParse({ customThumbnailUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(
      ZUpdateAssetRequest.safeParse({ customThumbnailUrl: 'https://cdn.example.com/t.webp' }).success,
    ).toBe(true);
    expect(ZCreateAssetRequest.safeParse({ ...base, key: 'k' }).success).toBe(false);
  });

  it('sorts onboarding titles by their leading number', () => {
    expect(['10 c', '2 b', 'x', '1 a'].sort((a, b) => leadingNumber(a) - leadingNumber(b))).toEqual([
      '1 a',
      '2 b',
      '10 c',
      'x',
    ]);
  });
});

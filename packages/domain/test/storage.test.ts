import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_LIMITS,
  IMAGE_TYPES,
  ZSignedUrlQuery,
  ZSignedUrlResizeQuery,
  ZVerifyUploadRequest,
  checkImageFile,
} from '../src/storage.ts';

describe('image limits (spec 3 §5 Files, spec 1 §9)', () => {
  it('logos and avatars 2,000,000 bytes; images and banners 10,000,000; thumbnails 20 MB', () => {
    expect(IMAGE_LIMITS.logo).toEqual({ maxBytes: 2_000_000, tooLarge: 'File cannot be larger than 2 mb' });
    expect(IMAGE_LIMITS.avatar.maxBytes).toBe(2_000_000);
    expect(IMAGE_LIMITS.image).toEqual({
      maxBytes: 10_000_000,
      tooLarge: 'File cannot be larger than 10 mb',
    });
    expect(IMAGE_LIMITS.banner.maxBytes).toBe(10_000_000);
    expect(IMAGE_LIMITS.thumbnail).toEqual({ maxBytes: 20_000_000, tooLarge: 'File is larger than 20 mb!' });
    expect(Object.keys(IMAGE_LIMITS).sort()).toEqual([...IMAGE_TYPES].sort());
  });
});

describe('checkImageFile', () => {
  it('accepts png, jpeg and webp up to the limit', () => {
    for (const type of IMAGE_CONTENT_TYPES) expect(checkImageFile({ size: 10, type })).toBeNull();
    expect(checkImageFile({ size: 10_000_000, type: 'image/png' })).toBeNull();
    expect(checkImageFile({ size: 2_000_000, type: 'image/png' }, 'logo')).toBeNull();
  });

  it('gives the spec messages for wrong types, large and empty files', () => {
    expect(checkImageFile({ size: 10, type: 'image/gif' })).toBe('File type must be one of PNG, JPEG, WEBP');
    expect(checkImageFile({ size: 10, type: '' })).toBe(messages.imageWrongType);
    expect(checkImageFile({ size: 10_000_001, type: 'image/jpeg' })).toBe('File cannot be larger than 10 mb');
    expect(checkImageFile({ size: 2_000_001, type: 'image/webp' }, 'logo')).toBe(
      'File cannot be larger than 2 mb',
    );
    expect(checkImageFile({ size: 0, type: 'image/png' })).toBe('Looks like the file specified is invalid.');
  });
});

describe('signed URL queries', () => {
  it('take only image content types', () => {
    expect(ZSignedUrlQuery.parse({ 'content-type': 'image/webp' })).toEqual({ 'content-type': 'image/webp' });
    const bad = ZSignedUrlQuery.safeParse({ 'content-type': 'application/pdf' });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe(messages.imageWrongType);
    expect(ZSignedUrlQuery.safeParse({}).success).toBe(false);
  });

  it('resize needs a known imageType', () => {
    expect(ZSignedUrlResizeQuery.parse({ 'content-type': 'image/png', imageType: 'logo' }).imageType).toBe(
      'logo',
    );
    expect(
      ZSignedUrlResizeQuery.safeParse({ 'content-type': 'image/png', imageType: 'poster' }).success,
    ).toBe(false);
    expect(ZSignedUrlResizeQuery.safeParse({ 'content-type': 'image/png' }).success).toBe(false);
  });
});

describe('ZVerifyUploadRequest', () => {
  it('needs a key and defaults the image type to image', () => {
    expect(ZVerifyUploadRequest.parse({ key: ' k ' })).toEqual({ key: 'k', imageType: 'image' });
    const empty = ZVerifyUploadRequest.safeParse({ key: '' });
    expect(empty.success ? null : empty.error.issues[0]!.message).toBe(messages.fileInvalid);
    expect(ZVerifyUploadRequest.safeParse({ key: 'k', imageType: 'gif' }).success).toBe(false);
  });
});

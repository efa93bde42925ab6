import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { messages } from './messages.ts';

// spec 3 §5 Files: image uploads accept png, jpeg and webp.
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_TYPES = ['logo', 'image', 'thumbnail', 'avatar', 'banner'] as const;
export type TImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_LIMITS: Record<TImageType, { maxBytes: number; tooLarge: string }> = {
  logo: { maxBytes: LIMITS.logoMaxBytes, tooLarge: messages.logoTooLarge },
  avatar: { maxBytes: LIMITS.logoMaxBytes, tooLarge: messages.logoTooLarge },
  image: { maxBytes: LIMITS.imageMaxBytes, tooLarge: messages.imageTooLarge },
  banner: { maxBytes: LIMITS.imageMaxBytes, tooLarge: messages.imageTooLarge },
  thumbnail: { maxBytes: 20_000_000, tooLarge: 'File is larger than 20 mb!' },
};

export const ZSignedUrlQuery = z.object({
  'content-type': z.enum(IMAGE_CONTENT_TYPES, { error: messages.imageWrongType }),
});
export const ZSignedUrlResizeQuery = ZSignedUrlQuery.extend({
  imageType: z.enum(IMAGE_TYPES, { error: 'imageType must be one of ' + IMAGE_TYPES.join(', ') }),
});

export const ZSignedUrlResponse = z.object({ url: z.string(), accessUrl: z.string(), key: z.string() });
export const ZSignedUrlResizeResponse = z.object({
  url: z.string(),
  key: z.string(),
  desktopImageAccessUrl: z.string(),
  mobileImageAccessUrl: z.string(),
  originalAccessUrl: z.string(),
});

// The spec's client-side check before a PUT (the server checks the real bytes again afterwards).
export function checkImageFile(
  file: { size: number; type: string },
  imageType: TImageType = 'image',
): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return messages.imageWrongType;
  const limit = IMAGE_LIMITS[imageType];
  if (file.size > limit.maxBytes) return limit.tooLarge;
  if (file.size === 0) return messages.fileInvalid;
  return null;
}

// After the PUT, the client asks the server to check the stored bytes (ARCHITECTURE.md, Uploads).
export const ZVerifyUploadRequest = z.object({
  key: z.string().trim().min(1, messages.fileInvalid).max(300, messages.fileInvalid),
  imageType: z
    .enum(IMAGE_TYPES, { error: 'imageType must be one of ' + IMAGE_TYPES.join(', ') })
    .default('image'),
});
export type TVerifyUploadRequest = z.input<typeof ZVerifyUploadRequest>;

export const ZVerifyUploadResponse = z.object({
  key: z.string(),
  size: z.number().int(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  accessUrl: z.string(),
  desktopImageAccessUrl: z.string().optional(),
  mobileImageAccessUrl: z.string().optional(),
});
export type TVerifyUploadResponse = z.infer<typeof ZVerifyUploadResponse>;

import { z } from 'zod';

/** The job's video as the public page plays it: hosted renditions of a library video, or a YouTube/Vimeo embed. */
export const ZPublicVideo = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hosted'),
    /** For the engagement beacons (second watched). */
    assetId: z.string(),
    mp4: z.string().nullable(),
    mp4_720p: z.string().nullable(),
    poster: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    duration: z.number().nullable(),
    /** When the video was uploaded (ISO time): the uploadDate of its schema.org VideoObject. */
    uploadedAt: z.string().nullable().optional(),
  }),
  z.object({ kind: z.literal('embed'), url: z.string() }),
]);
export type TPublicVideo = z.infer<typeof ZPublicVideo>;

import { z } from 'zod';

/** A public video's captions: the <track> address, its language, and the words (the VideoObject's transcript). */
export const ZPublicCaptions = z.object({ src: z.string(), srclang: z.string(), transcript: z.string() });
export type TPublicCaptions = z.infer<typeof ZPublicCaptions>;

/** Issue 34: the public captions of a video a public job page shows, and of one a career page shows. */
export const buildJobCaptionsPath = (shortId: string, assetId: string) =>
  `/api/public/job/${encodeURIComponent(shortId)}/captions/${encodeURIComponent(assetId)}`;
export const buildCompanyCaptionsPath = (slug: string, assetId: string) =>
  `/api/public/company/${encodeURIComponent(slug)}/captions/${encodeURIComponent(assetId)}`;
/** The captions of a video on a job's preview page (/preview/{id}): for the job's team only, published or not. */
export const buildPreviewCaptionsPath = (jobId: string, assetId: string) =>
  `/api/preview/job/${encodeURIComponent(jobId)}/captions/${encodeURIComponent(assetId)}`;

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
    /** Issue 34: its captions (a public address) and their plain text, when it has any. */
    captions: ZPublicCaptions.nullable().optional(),
  }),
  z.object({ kind: z.literal('embed'), url: z.string() }),
]);
export type TPublicVideo = z.infer<typeof ZPublicVideo>;

import { MAX_THUMBNAILS_SHOWN, POSTER_WIDTHS, VIDEO_RENDITION_HEIGHTS } from '@hirecast/domain/video-rules';
import { parseKey } from '../../lib/storage/keys.ts';

// Where the outputs of one asset live: beside the original (`uploads/<owner>/<id>.mp4` gives
// `uploads/<owner>/<id>-480p.mp4`…), so they share its visibility. The keys are fixed per asset, so a retried
// job overwrites rather than duplicates.
export function outputKeys(asset: { id: string; companyId: string; originalKey: string | null }) {
  const parsed = asset.originalKey ? parseKey(asset.originalKey) : null;
  const base = parsed
    ? `uploads/${parsed.isPublic ? 'public/' : ''}${parsed.ownerId}/${parsed.id}`
    : `uploads/${asset.companyId}/${asset.id}`;
  return {
    mp4: (height: number) => `${base}-${height}p.mp4`,
    thumbnail: (index: number) => `${base}-thumb${index + 1}.jpg`,
    poster: (width: number) => `${base}-image${width}.webp`,
  };
}

/** Every key the pipeline may write for an asset, saved on the row or not yet: what a deletion must clear. */
export function allOutputKeys(asset: {
  id: string;
  companyId: string;
  originalKey: string | null;
}): string[] {
  const keys = outputKeys(asset);
  return [
    ...VIDEO_RENDITION_HEIGHTS.map((h) => keys.mp4(h)),
    ...Array.from({ length: MAX_THUMBNAILS_SHOWN }, (_, i) => keys.thumbnail(i)),
    ...POSTER_WIDTHS.map((w) => keys.poster(w)),
  ];
}

import { useQueries } from '@tanstack/react-query';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TTemplateSection } from '@hirecast/domain/video-template';
import { getVideoAsset, videoAssetQueryKey } from './get-video-asset.ts';

type TVideoSection = Extract<TTemplateSection, { type: 'video' }>;

/**
 * Where the preview plays each clip from. A clip picked while its video was still being processed holds the
 * original file; the renderer reads the 720p rendition once it exists. The preview follows the asset
 * (GET /asset/{id}, every 4 s until the rendition is there) and plays what the renderer will read.
 */
export function useClipSources(sections: readonly TTemplateSection[]) {
  const pending = sections.filter(
    (s): s is TVideoSection => s.type === 'video' && Boolean(s.video.assetId) && !s.video.transcoded,
  );
  const ids = [...new Set(pending.map((s) => s.video.assetId!))];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: videoAssetQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getVideoAsset(id, signal),
      refetchInterval: (query: { state: { data?: TVideoAsset } }) =>
        query.state.data?.data.videoMp4Url_720p || query.state.data?.status === 'error' ? false : 4000,
    })),
  });
  const better = new Map<string, string>();
  ids.forEach((id, i) => {
    const url = results[i]?.data?.data.videoMp4Url_720p;
    if (url) better.set(id, url);
  });
  return (section: TVideoSection) =>
    (section.video.assetId && better.get(section.video.assetId)) || section.video.url;
}

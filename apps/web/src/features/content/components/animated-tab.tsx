import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { ASSET_LIMITS } from '@hirecast/domain/asset';
import { useVideoTemplates } from '../api/get-video-templates.ts';
import { isWorking, useTemplateStatus } from '../api/use-template-status.ts';
import { AssetGrid, AssetGridSkeleton } from './asset-grid.tsx';
import { AnimatedEmpty, LoadError } from './library-states.tsx';
import { SampleCard, TemplateCard } from './template-card.tsx';
import { usePageInRange, type TOnPage } from './use-page-in-range.ts';

// spec 3 §2 Animated videos tab: the same paging as the video library (12 a page) over the company's own
// templates with their live status; the samples to start from are a row of their own below, on every page,
// and take no place in the pages.
export function AnimatedTab({
  page,
  onPage,
  onAnimate,
}: {
  page: number;
  onPage: TOnPage;
  onAnimate: () => void;
}) {
  const query = useVideoTemplates({ page });
  const videos = query.data?.videos ?? [];
  useTemplateStatus(videos.filter((t) => isWorking(t.status)).map((t) => t._id));
  const moving = usePageInRange(query, (d) => ({ count: d.videosCount, shown: d.videos.length }), {
    page,
    onPage,
  });
  if (query.isPending || moving) return <AssetGridSkeleton label="Loading animated videos" />;
  if (query.isError)
    return <LoadError what="animated videos" error={query.error} onRetry={() => void query.refetch()} />;
  const own = videos;
  const samples = query.data.samples;
  const count = query.data.videosCount;
  return (
    <>
      {own.length === 0 && page === 0 ? (
        <AnimatedEmpty onAnimate={onAnimate} />
      ) : (
        <AssetGrid label="Animated videos">
          {own.map((t) => (
            <TemplateCard key={t._id} template={t} />
          ))}
        </AssetGrid>
      )}
      {count > ASSET_LIMITS.pageSize && (
        <Box component="nav" aria-label="Pages" sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
          <Pagination
            count={Math.ceil(count / ASSET_LIMITS.pageSize)}
            page={page + 1}
            onChange={(_e, value) => onPage(value - 1)}
            color="primary"
            siblingCount={0}
          />
        </Box>
      )}
      {samples.length > 0 && (
        <Box component="section" aria-labelledby="samples-title" sx={{ mt: 5 }}>
          <Typography id="samples-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            Samples
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Start from a sample: make one like it with your own clips, logo and colours.
          </Typography>
          <AssetGrid label="Sample animated videos">
            {samples.map((t) => (
              <SampleCard key={t._id} template={t} />
            ))}
          </AssetGrid>
        </Box>
      )}
    </>
  );
}

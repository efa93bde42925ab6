import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlineOutlined';
import type { TJob } from '@hirecast/domain/job';

export const THUMBNAIL_HEIGHT = 100;

// The card's picture: the job image (or its library video's poster), a video badge when the job has a video
// and no picture, or a quiet brand-coloured placeholder.
export function JobThumbnail({ job }: { job: Pick<TJob, 'image' | '_video'> }) {
  const picture =
    job.image ?? (job._video && typeof job._video === 'object' ? job._video.data.image640 : null);
  if (picture) {
    return (
      <Box
        component="img"
        src={picture}
        alt=""
        loading="lazy"
        sx={{
          display: 'block',
          width: '100%',
          height: THUMBNAIL_HEIGHT,
          objectFit: 'cover',
          bgcolor: 'divider',
        }}
      />
    );
  }
  const hasVideo = Boolean(job._video);
  const Icon = hasVideo ? PlayCircleOutlineIcon : WorkOutlineIcon;
  return (
    <Box
      aria-hidden="true"
      sx={{
        height: THUMBNAIL_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: hasVideo ? 'primary.contrastText' : 'primary.main',
        background: hasVideo
          ? 'linear-gradient(135deg, #44504B 0%, #2E3733 100%)'
          : 'linear-gradient(135deg, #EEF0ED 0%, #E2E5E2 55%, #F3E6DF 100%)',
      }}
    >
      <Icon sx={{ fontSize: 36, opacity: hasVideo ? 0.9 : 0.55 }} />
      {hasVideo && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Video
        </Typography>
      )}
    </Box>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayCircle from '@mui/icons-material/PlayCircleFilled';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { useOnboardingVideos } from '../../../lib/onboarding-videos.ts';
import { OnboardingPlayerDialog } from '../components/onboarding-player-dialog.tsx';

const grid = {
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

// spec 3 §2 Onboarding videos: a grid of video cards sorted by the number their titles start with.
export function Component() {
  const videos = useOnboardingVideos();
  const [playing, setPlaying] = useState<TVideoAsset | null>(null);
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 700, mb: 1 }}>
        Onboarding videos
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Short guides to getting the most out of Hirecast.
      </Typography>
      {videos.isPending && (
        <Box sx={grid} aria-busy="true" aria-label="Loading onboarding videos">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 'auto', aspectRatio: '16 / 11' }} />
          ))}
        </Box>
      )}
      {videos.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void videos.refetch()}>
              Try again
            </Button>
          }
        >
          We could not load the onboarding videos.
        </Alert>
      )}
      {videos.isSuccess && videos.data.length === 0 && (
        <Stack sx={{ py: 8, alignItems: 'center', textAlign: 'center' }} spacing={1}>
          <Typography sx={{ fontWeight: 600 }}>No onboarding videos yet</Typography>
          <Typography color="text.secondary">New guides will appear here.</Typography>
        </Stack>
      )}
      {videos.isSuccess && videos.data.length > 0 && (
        <Box sx={grid} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {videos.data.map((video) => (
            <li key={video._id}>
              <ButtonBase
                onClick={() => setPlaying(video)}
                aria-label={`Play ${video.title}`}
                sx={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  borderRadius: 2,
                  overflow: 'hidden',
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                  '&:hover': { boxShadow: 3 },
                }}
              >
                <Box
                  sx={{
                    position: 'relative',
                    aspectRatio: '16 / 9',
                    bgcolor: 'grey.800',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  {(video.data.image640 ?? video.data.thumbnailUrl) && (
                    <Box
                      component="img"
                      src={video.data.image640 ?? video.data.thumbnailUrl ?? undefined}
                      alt=""
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        width: '100%',
                        height: '100%',
                        objectFit: 'cover',
                      }}
                    />
                  )}
                  <PlayCircle sx={{ position: 'relative', fontSize: 56, color: 'rgba(255,255,255,0.9)' }} />
                </Box>
                <Typography sx={{ px: 2, py: 1.5, fontWeight: 600 }}>{video.title}</Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
      <OnboardingPlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </Box>
  );
}

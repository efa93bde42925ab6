import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AnimationIcon from '@mui/icons-material/Animation';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { playableUrl } from '@hirecast/domain/asset';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOnboardingVideos } from '../../../lib/onboarding-videos.ts';

const Badge = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      width: 96,
      height: 96,
      borderRadius: '50%',
      bgcolor: 'action.hover',
      color: 'primary.main',
      display: 'grid',
      placeItems: 'center',
      '& svg': { fontSize: 44 },
    }}
    aria-hidden="true"
  >
    {children}
  </Box>
);

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={`We could not load your ${what}`}
      titleComponent="h2"
      actions={
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </MessagePanel>
  );
}

// spec 3 §2: a search with no results says so and hints at trying something different.
export function NoResults({ onClear }: { onClear: () => void }) {
  return (
    <MessagePanel
      title="No data to display"
      titleComponent="h2"
      actions={
        <Button variant="outlined" onClick={onClear}>
          Clear search
        </Button>
      }
    >
      Nothing matches your search. Try something different.
    </MessagePanel>
  );
}

export function ImagesEmpty({ add }: { add: ReactNode }) {
  return (
    <MessagePanel
      illustration={
        <Badge>
          <ImageOutlinedIcon />
        </Badge>
      }
      title="Your image library"
      titleComponent="h2"
      actions={add}
    >
      There are no images here yet. Click &apos;Add&apos; to upload...
    </MessagePanel>
  );
}

// spec 3 §2 Video library: empty with no search shows an intro video with Add and Go to Jobs. The intro is
// the first onboarding video; until one exists, an icon stands in.
export function VideosEmpty({ add }: { add: ReactNode }) {
  const intro = useOnboardingVideos().data?.[0];
  const src = intro ? playableUrl(intro) : undefined;
  return (
    <MessagePanel
      illustration={
        src && intro ? (
          <Box
            component="video"
            controls
            playsInline
            preload="metadata"
            src={src}
            poster={intro.data.image640 ?? undefined}
            aria-label={intro.title}
            sx={{
              width: { xs: '100%', sm: 480 },
              aspectRatio: '16 / 9',
              bgcolor: 'common.black',
              borderRadius: 2,
            }}
          />
        ) : (
          <Badge>
            <VideocamOutlinedIcon />
          </Badge>
        )
      }
      title="Your video library"
      titleComponent="h2"
      actions={
        <>
          {add}
          <Button variant="outlined" component={RouterLink} to="/jobs">
            Go to Jobs
          </Button>
        </>
      }
    >
      There are no videos here yet. Click &apos;Add&apos; to record or upload your first video, then use it on
      your jobs.
    </MessagePanel>
  );
}

export function AnimateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AnimationIcon />} onClick={onClick}>
      Animate
    </Button>
  );
}

// spec 3 §2 Animated videos tab: the empty state has an Animate button.
export function AnimatedEmpty({ onAnimate }: { onAnimate: () => void }) {
  return (
    <MessagePanel
      illustration={
        <Badge>
          <AnimationIcon />
        </Badge>
      }
      title="Animated videos"
      titleComponent="h2"
      actions={<AnimateButton onClick={onAnimate} />}
    >
      There are no animated videos here yet. Animated videos combine your recordings with your logo, colours,
      headings and music into one branded video. Click &apos;Animate&apos; to make your first one.
    </MessagePanel>
  );
}

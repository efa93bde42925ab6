import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { playableUrl } from '@hirecast/domain/asset';
import { MessagePanel } from '../../../../components/message-panel.tsx';
import { useIntroVideo } from '../../api/get-intro-video.ts';

function JobsIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 220 150"
      sx={{ width: { xs: 180, sm: 220 }, height: 'auto' }}
      aria-hidden="true"
    >
      <ellipse cx="110" cy="138" rx="86" ry="8" fill="#E2E5E2" />
      <rect x="28" y="20" width="112" height="104" rx="12" fill="#FFFFFF" stroke="#44504B" strokeWidth="3" />
      <rect x="28" y="20" width="112" height="44" rx="12" fill="#44504B" />
      <rect x="28" y="52" width="112" height="12" fill="#44504B" />
      <path d="M76 32l16 10-16 10z" fill="#F5F6F4" />
      <rect x="40" y="76" width="70" height="8" rx="4" fill="#44504B" />
      <rect x="40" y="92" width="88" height="6" rx="3" fill="#C9CEC9" />
      <rect x="40" y="104" width="54" height="6" rx="3" fill="#C9CEC9" />
      <rect x="116" y="52" width="84" height="62" rx="12" fill="#F5F6F4" stroke="#B4684A" strokeWidth="3" />
      <circle cx="138" cy="76" r="9" fill="#CF8F74" />
      <rect x="130" y="90" width="16" height="12" rx="6" fill="#CF8F74" />
      <rect x="154" y="70" width="34" height="6" rx="3" fill="#B4684A" />
      <rect x="154" y="84" width="26" height="6" rx="3" fill="#CF8F74" />
    </Box>
  );
}

const STEPS = [
  'Create a listing with a title, a heading, a location and a short description.',
  'Add a video, an image and the details candidates look for.',
  'Switch it live and share the link: applicants answer on video.',
];

/**
 * The player's controls once it has settled (nothing to fetch before Play, the metadata read, or an error):
 * Chromium draws a loading spinner over a player whose controls exist while it starts loading.
 */
function useSettledControls() {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [controls, setControls] = useState(false);
  useEffect(() => {
    if (!video) return;
    const on = () => setControls(true);
    if (video.readyState > 0 || video.networkState === HTMLMediaElement.NETWORK_IDLE) return on();
    const events = ['suspend', 'loadedmetadata', 'error', 'play'] as const;
    for (const name of events) video.addEventListener(name, on, { once: true });
    return () => {
      for (const name of events) video.removeEventListener(name, on);
    };
  }, [video]);
  return { ref: setVideo, controls };
}

/**
 * The intro video's frame, which the illustration fills until the video is there: the video takes its place
 * without moving the page, so a click aimed at 'New Job' below it cannot land elsewhere (the onboarding videos
 * are made at first start, and the list of them may arrive after the button).
 */
const FRAME = {
  display: 'block',
  width: { xs: 'calc(100vw - 64px)', sm: 480 },
  maxWidth: '100%',
  aspectRatio: '16 / 9',
  borderRadius: 2,
} as const;

/** The intro video (the first onboarding video); the illustration while there is none that plays yet. */
function IntroVideo() {
  const { data: video } = useIntroVideo();
  const { ref, controls } = useSettledControls();
  if (!video)
    return (
      <Box sx={{ ...FRAME, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <JobsIllustration />
      </Box>
    );
  return (
    <Box
      component="video"
      ref={ref}
      src={playableUrl(video)}
      poster={video.data.image640 ?? undefined}
      controls={controls}
      playsInline
      // With a poster nothing is fetched before Play, so no loading spinner sits over it.
      preload={video.data.image640 ? 'none' : 'metadata'}
      aria-label={`Intro video: ${video.title.replace(/^\d+\.\s*/, '')}`}
      sx={{ ...FRAME, bgcolor: 'grey.900' }}
    />
  );
}

// spec 1 §2: the dashboard without jobs: an intro video and the 'New Job' button, with three steps.
export function JobsEmptyState({ canCreate, onCreate }: { canCreate: boolean; onCreate: () => void }) {
  return (
    <MessagePanel
      illustration={<IntroVideo />}
      title="Post your first video job"
      titleComponent="h2"
      actions={
        canCreate ? (
          <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={onCreate}>
            New Job
          </Button>
        ) : undefined
      }
    >
      <Stack component="ol" spacing={1} sx={{ textAlign: 'left', pl: 3, m: 0 }}>
        {STEPS.map((step) => (
          <Typography component="li" key={step}>
            {step}
          </Typography>
        ))}
      </Stack>
      {!canCreate && (
        <Typography sx={{ mt: 2 }}>
          Your company has no jobs yet. Admins and job managers can add them.
        </Typography>
      )}
    </MessagePanel>
  );
}

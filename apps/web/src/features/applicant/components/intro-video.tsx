import { useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VideocamOffOutlinedIcon from '@mui/icons-material/VideocamOffOutlined';
import type { TApplicant } from '@hirecast/domain/application';
import { privacyDay, privacyMessages } from '@hirecast/domain/privacy';
import { recordAccess } from '../api/record-access.ts';
import { VideoWithTranscript } from '../../../components/transcript/video-with-transcript.tsx';
import { INTRO_ANSWER, useAnswerMoment } from './answer-moment.ts';
import { SectionCard } from './section-card.tsx';

type TIntroduction = NonNullable<TApplicant['_profile']['_introduction']>;

function Placeholder({
  children,
  busy = false,
  compact = false,
}: {
  children: ReactNode;
  busy?: boolean;
  compact?: boolean;
}) {
  return (
    <Stack
      role="status"
      spacing={1.5}
      sx={{
        ...(compact ? { py: 4 } : { aspectRatio: '16 / 9' }),
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        borderRadius: 2,
        color: 'text.secondary',
        px: 3,
        textAlign: 'center',
      }}
    >
      {busy ? <CircularProgress size={28} aria-hidden="true" /> : <VideocamOffOutlinedIcon />}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

function Player({
  intro,
  name,
  applicationId,
}: {
  intro: TIntroduction;
  name: string;
  applicationId: string;
}) {
  const [played, setPlayed] = useState(false);
  const startAt = useAnswerMoment(INTRO_ANSWER);
  const { data } = intro;
  // ARCHITECTURE.md Video: the transcoded H.264 MP4 plays everywhere (iOS Safari too); 720p, else 480p.
  const source = data.videoMp4Url_720p ?? data.videoMp4Url;
  if (intro.status === 'error') return <Placeholder>This video could not be processed.</Placeholder>;
  if (!source)
    return (
      <Placeholder busy>
        The video is still being processed. It will appear here in a few minutes.
      </Placeholder>
    );
  const poster = data.customThumbnailUrl ?? data.thumbnailUrl ?? data.image640 ?? undefined;
  return (
    <VideoWithTranscript
      assetId={intro.assetId}
      src={source}
      poster={poster}
      startAt={startAt}
      // Issue 26: the first play is recorded in the audit.
      onPlay={() => {
        if (played) return;
        setPlayed(true);
        void recordAccess(applicationId, 'video_play');
      }}
      label={`Video introduction of ${name}`}
    />
  );
}

/** spec 2 §2: the video introduction, with the question it answers. */
export function IntroVideo({
  applicant,
  name,
  removedAt = null,
}: {
  applicant: TApplicant;
  name: string;
  /** When the retention rule anonymised the application (and removed its video), if it did. */
  removedAt?: string | null;
}) {
  const intro = applicant._profile._introduction;
  return (
    <SectionCard title="Video introduction" labelId="applicant-video">
      {intro?.question && (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            Question:
          </Box>{' '}
          {intro.question}
        </Typography>
      )}
      {intro ? (
        <Player intro={intro} name={name} applicationId={applicant._id} />
      ) : removedAt ? (
        <Placeholder compact>{privacyMessages.videoRemoved(privacyDay(removedAt))}</Placeholder>
      ) : (
        <Placeholder compact>{name} applied without a video introduction.</Placeholder>
      )}
    </SectionCard>
  );
}

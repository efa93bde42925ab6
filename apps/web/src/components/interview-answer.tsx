import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { assertNever } from '@hirecast/domain/assert-never';
import type { TAnswerReviewModel } from '@hirecast/domain/answer-review';
import type { TInterviewAnswer } from '@hirecast/domain/interview';
import { CaptionedVideo } from './media/captioned-video.tsx';
import { VideoWithTranscript } from './transcript/video-with-transcript.tsx';

// Issue 25 item 4: an interview answer as the team sees it, on the applicant page and in the compare view.
const SPEEDS = [1, 1.5, 2] as const;

/**
 * A video answer with playback speed 1×, 1.5×, 2× (issue 25 item 4), its transcript beside it and its captions
 * (issue 34 item 4). `startAt`: the moment a transcript search opened it at.
 */
export function AnswerVideo({
  video,
  label,
  startAt,
}: {
  video: NonNullable<TInterviewAnswer['video']>;
  label: string;
  startAt?: number;
}) {
  const [speed, setSpeed] = useState<number>(1);
  const player = useRef<HTMLVideoElement>(null);
  if (!video.url)
    return (
      <Typography color="text.secondary">The video is being processed; it plays here in a moment.</Typography>
    );
  return (
    <Stack spacing={1}>
      <VideoWithTranscript
        assetId={video.assetId}
        src={video.url}
        poster={video.poster ?? undefined}
        label={label}
        startAt={startAt}
        videoRef={player}
        onLoadedMetadata={(element) => (element.playbackRate = speed)}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={speed}
        aria-label="Playback speed"
        onChange={(_, value: number | null) => {
          if (value === null) return;
          setSpeed(value);
          if (player.current) player.current.playbackRate = value;
        }}
      >
        {SPEEDS.map((s) => (
          <ToggleButton key={s} value={s} aria-label={`${s}× speed`}>
            {s}×
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/**
 * The answer as the candidate gave it: video, text, choice or a file to download. `model`: the shared review
 * model of the answer (@hirecast/domain/answer-review), which the site's review page renders too.
 */
export function AnswerBody({
  model,
  label,
  startAt,
}: {
  model: TAnswerReviewModel;
  label: string;
  startAt?: number;
}) {
  switch (model.kind) {
    case 'skipped':
      return <Typography color="text.secondary">{model.text}</Typography>;
    case 'video':
      return <AnswerVideo video={model.video} label={label} startAt={startAt} />;
    case 'text':
      return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{model.text}</Typography>;
    case 'choice':
      return <Typography>{model.text}</Typography>;
    case 'file':
      return (
        <Link href={model.url} download={model.name}>
          {model.text}
        </Link>
      );
    case 'empty':
      return null;
    default:
      return assertNever(model, 'answer');
  }
}

/**
 * The question's prompt video, as the candidate saw it (issue 25 item 1), folded under the question so the
 * answers stay first; on the applicant page and in the compare view.
 */
export function PromptVideo({
  video,
  label,
}: {
  video: { _id: string; title: string; url: string | null; poster: string | null };
  label: string;
}) {
  return (
    <Box
      component="details"
      sx={{ mb: 1, '& > summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}
    >
      <summary>Prompt video: {video.title}</summary>
      {video.url ? (
        <CaptionedVideo
          assetId={video._id}
          src={video.url}
          poster={video.poster ?? undefined}
          preload="metadata"
          label={label}
          frameSx={{ mt: 1, width: '100%', maxWidth: 480 }}
          sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The video is being processed.
        </Typography>
      )}
    </Box>
  );
}

import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TInterviewAnswer } from '@hirecast/domain/interview';

// Issue 25 item 4: an interview answer as the team sees it, on the applicant page and in the compare view.
const SPEEDS = [1, 1.5, 2] as const;

/** A video answer with playback speed 1×, 1.5×, 2× (issue 25 item 4). */
export function AnswerVideo({
  video,
  label,
}: {
  video: NonNullable<TInterviewAnswer['video']>;
  label: string;
}) {
  const [speed, setSpeed] = useState<number>(1);
  const player = useRef<HTMLVideoElement>(null);
  if (!video.url)
    return (
      <Typography color="text.secondary">The video is being processed; it plays here in a moment.</Typography>
    );
  return (
    <Stack spacing={1}>
      <Box
        component="video"
        ref={player}
        src={video.url}
        poster={video.poster ?? undefined}
        controls
        playsInline
        aria-label={label}
        onLoadedMetadata={(e: React.SyntheticEvent<HTMLVideoElement>) =>
          (e.currentTarget.playbackRate = speed)
        }
        sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }}
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

/** The answer as the candidate gave it: video, text, choice or a file to download. */
export function AnswerBody({ answer, label }: { answer: TInterviewAnswer; label: string }) {
  if (answer.status === 'skipped')
    return <Typography color="text.secondary">Skipped (optional question)</Typography>;
  if (answer.video) return <AnswerVideo video={answer.video} label={label} />;
  if (answer.text !== undefined)
    return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{answer.text}</Typography>;
  if (answer.choice) return <Typography>Chose: {answer.choice.label}</Typography>;
  if (answer.file)
    return (
      <Link href={answer.file.url} download={answer.file.name}>
        Download {answer.file.name}
      </Link>
    );
  return null;
}

/**
 * The question's prompt video, as the candidate saw it (issue 25 item 1), folded under the question so the
 * answers stay first; on the applicant page and in the compare view.
 */
export function PromptVideo({
  video,
  label,
}: {
  video: { title: string; url: string | null; poster: string | null };
  label: string;
}) {
  return (
    <Box
      component="details"
      sx={{ mb: 1, '& > summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}
    >
      <summary>Prompt video: {video.title}</summary>
      {video.url ? (
        <Box
          component="video"
          src={video.url}
          poster={video.poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={label}
          sx={{
            mt: 1,
            width: '100%',
            maxWidth: 480,
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            borderRadius: 2,
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The video is being processed.
        </Typography>
      )}
    </Box>
  );
}

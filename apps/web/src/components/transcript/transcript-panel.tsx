import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUMMARY_LABEL, type TAnswerSummary, type TTranscript } from '@hirecast/domain/transcript';
import { errorMessage } from '../../lib/api-client.ts';
import { clockTime, useRetryTranscript, useTranscriptionUsage } from '../../lib/transcripts.ts';
import { TranscriptLines } from './transcript-lines.tsx';

function Note({ children, busy = false }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <Stack
      role="status"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', color: 'text.secondary', py: 1 }}
    >
      {busy && <CircularProgress size={16} aria-hidden="true" />}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** "Try again" (a failed transcript) or "Make the transcript" (a video from before the engine was set up). */
function RetryButton({ assetId, children }: { assetId: string; children: string }) {
  const retry = useRetryTranscript(assetId);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" variant="outlined" disabled={retry.isPending} onClick={() => retry.mutate()}>
        {children}
      </Button>
      {retry.isError && (
        <Typography role="alert" variant="body2" color="error">
          {errorMessage(retry.error)}
        </Typography>
      )}
    </Stack>
  );
}

/** Issue 34 item 5: the machine-written summary, labelled as such, each point with its quote and its moment. */
function Summary({ summary, onSeek }: { summary: TAnswerSummary; onSeek: (seconds: number) => void }) {
  if (summary.points.length === 0) return null;
  return (
    <Box component="section" aria-label={SUMMARY_LABEL} sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h4">
        {SUMMARY_LABEL}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        Written by a language model from the transcript. It does not judge the answer: check the quotes.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {summary.points.map((point, i) => (
          <Typography component="li" variant="body2" key={i} sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            {point.text}: “{point.quote}”{' '}
            <Link component="button" type="button" variant="body2" onClick={() => onSeek(point.start)}>
              at {clockTime(point.start)}
            </Link>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Issue 34 item 4: a video's transcript in its states: being made, failed with its reason and "Try again", none
 * (with or without a transcription engine), or its lines with the one being said marked.
 */
export function TranscriptPanel({
  assetId,
  transcript,
  loading,
  time,
  onSeek,
  label,
}: {
  assetId: string;
  transcript: TTranscript | null | undefined;
  loading: boolean;
  time: number;
  onSeek: (seconds: number) => void;
  label: string;
}) {
  const usage = useTranscriptionUsage();
  const heading = (
    <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
      Transcript
    </Typography>
  );
  let body: React.ReactNode;
  if (loading) body = <Note busy>Loading the transcript…</Note>;
  else if (!transcript)
    body =
      usage.data && !usage.data.engine ? (
        <Note>No transcript: no transcription engine is set up.</Note>
      ) : (
        <Stack spacing={1}>
          <Note>This video has no transcript yet.</Note>
          {usage.data?.engine && <RetryButton assetId={assetId}>Make the transcript</RetryButton>}
        </Stack>
      );
  else if (transcript.status === 'queued' || transcript.status === 'running')
    body = <Note busy>The transcript is being made. It appears here in a moment.</Note>;
  else if (transcript.status === 'failed')
    body = (
      <Stack spacing={1}>
        <Alert severity="warning" variant="outlined">
          The transcript could not be made: {transcript.failureReason ?? 'the engine gave no reason'}.
        </Alert>
        <RetryButton assetId={assetId}>Try again</RetryButton>
      </Stack>
    );
  else if (transcript.segments.length === 0) body = <Note>No speech was heard in this video.</Note>;
  else
    body = (
      <>
        {transcript.summary && <Summary summary={transcript.summary} onSeek={onSeek} />}
        <TranscriptLines segments={transcript.segments} time={time} onSeek={onSeek} label={label} />
      </>
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      {heading}
      {body}
    </Box>
  );
}

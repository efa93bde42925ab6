import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { assertNever } from '@hirecast/domain/assert-never';
import type { TAnswerType } from '@hirecast/domain/interview';
import { CaptionedVideo } from '../../../../components/media/captioned-video.tsx';
import { formatSeconds, type TDraftQuestion } from './interview-draft.ts';

const TYPE_TEXT: Record<TAnswerType, string> = {
  video: 'Video answer',
  text: 'Written answer',
  choice: 'Multiple choice',
  file: 'File upload',
};

/** What the answer type adds to the terms: a video's time to answer and its takes. */
function typeTerms(q: TDraftQuestion): (string | null)[] {
  switch (q.answerType) {
    case 'video':
      return [
        q.limitSeconds ? `up to ${formatSeconds(q.limitSeconds)} to answer` : null,
        q.retakes === null
          ? 'unlimited retakes'
          : q.retakes === 0
            ? 'one take'
            : `${q.retakes} retake${q.retakes === 1 ? '' : 's'}`,
      ];
    case 'text':
    case 'choice':
    case 'file':
      return [];
    default:
      return assertNever(q.answerType, 'answer type');
  }
}

const terms = (q: TDraftQuestion) =>
  [
    TYPE_TEXT[q.answerType],
    q.prepSeconds ? `${formatSeconds(q.prepSeconds)} to prepare` : null,
    ...typeTerms(q),
    q.required ? null : 'optional',
  ]
    .filter(Boolean)
    .join(' · ');

/** Where the candidate answers, as they will see it. */
function AnswerPreview({ q }: { q: TDraftQuestion }) {
  switch (q.answerType) {
    case 'video':
      return (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            color: 'grey.100',
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          Camera preview
        </Box>
      );
    case 'text':
      return (
        <TextField
          label="Your answer"
          multiline
          minRows={4}
          fullWidth
          helperText={`0 / ${q.maxChars ?? 2000} characters`}
        />
      );
    case 'choice':
      return (
        <RadioGroup>
          {q.options.map((o, i) => (
            <FormControlLabel key={i} value={i} control={<Radio />} label={o || `Option ${i + 1}`} />
          ))}
        </RadioGroup>
      );
    case 'file':
      return <Typography>PDF, Word document or image, up to 10 MB.</Typography>;
    default:
      return assertNever(q.answerType, 'answer type');
  }
}

/** Issue 25 item 1: each question as the candidate sees it, one at a time, before saving. */
export function InterviewPreviewDialog({
  open,
  questions,
  onClose,
}: {
  open: boolean;
  questions: TDraftQuestion[];
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [index, setIndex] = useState(0);
  const q = questions[Math.min(index, questions.length - 1)];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Candidate preview</DialogTitle>
      <DialogContent>
        {q && (
          <Box aria-live="polite">
            <Typography variant="overline">
              Question {Math.min(index, questions.length - 1) + 1} of {questions.length}
            </Typography>
            <Typography variant="h6" component="p" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {q.prompt || 'Your question'}
            </Typography>
            {q.promptVideo?.url && (
              <CaptionedVideo
                assetId={q.promptVideo._id}
                preload="metadata"
                src={q.promptVideo.url}
                poster={q.promptVideo.poster ?? undefined}
                label="The question as a video"
                frameSx={{ mb: 1 }}
                sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }}
              />
            )}
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {terms(q)}
            </Typography>
            <AnswerPreview q={q} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
          Previous
        </Button>
        <Button disabled={index >= questions.length - 1} onClick={() => setIndex((i) => i + 1)}>
          Next
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

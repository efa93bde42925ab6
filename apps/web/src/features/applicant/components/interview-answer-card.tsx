import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INTERVIEW_LIMITS, type TInterviewSession } from '@hirecast/domain/interview';
import { answerReviewModel } from '@hirecast/domain/answer-review';
import { AnswerBody, PromptVideo } from '../../../components/interview-answer.tsx';
import { useAnswerMoment } from './answer-moment.ts';

type TQuestion = TInterviewSession['questions'][number];
/** One question with its answer, every member's rating, the average, and this member's own rating. */
export function InterviewAnswerCard({
  question,
  index,
  jobId,
  canManage,
  onRate,
  onReopen,
}: {
  question: TQuestion;
  index: number;
  jobId: string;
  canManage: boolean;
  onRate: (answerId: string, stars: number, comment: string | null) => Promise<unknown>;
  onReopen: () => void;
}) {
  const answer = question.answer;
  const model = answer && answerReviewModel(question.answerType, answer);
  const startAt = useAnswerMoment(question._id);
  const mine = answer?.ratings.find((r) => r.isMine);
  const [stars, setStars] = useState<number | null>(mine?.stars ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [saving, setSaving] = useState(false);
  const others = answer?.ratings.filter((r) => !r.isMine) ?? [];
  const labelId = `interview-q-${question._id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={labelId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Question {index + 1}
      </Typography>
      <Typography id={labelId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {question.prompt}
      </Typography>
      {question.promptVideo && (
        <PromptVideo video={question.promptVideo} label={`Prompt video of question ${index + 1}`} />
      )}
      {!answer || !model ? (
        <Typography color="text.secondary">Not answered yet.</Typography>
      ) : (
        <Stack spacing={1.5}>
          <AnswerBody model={model} label={`Answer to question ${index + 1}`} startAt={startAt} />
          {model?.kind === 'video' && (
            <Typography variant="body2" color="text.secondary">
              {model.takes}
            </Typography>
          )}
          {answer.status === 'answered' && (
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="h4">
                Ratings{answer.average !== null && ` · average ${answer.average.toFixed(1)} / 5`}
              </Typography>
              {others.map((r) => (
                <Stack
                  key={r._id}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ minWidth: 120 }}>
                    {r.raterName}
                    {r.isGuest ? ' (guest)' : ''}
                  </Typography>
                  <Rating
                    value={r.stars}
                    readOnly
                    size="small"
                    aria-label={`${r.raterName}: ${r.stars} stars`}
                  />
                  {r.comment && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      “{r.comment}”
                    </Typography>
                  )}
                </Stack>
              ))}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Typography variant="body2" sx={{ minWidth: 120 }} id={`${labelId}-mine`}>
                  Your rating
                </Typography>
                <Rating
                  name={`${labelId}-stars`}
                  value={stars}
                  onChange={(_, v) => setStars(v)}
                  aria-labelledby={`${labelId}-mine`}
                />
              </Stack>
              <TextField
                label="Comment (optional)"
                size="small"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                multiline
                slotProps={{ htmlInput: { maxLength: INTERVIEW_LIMITS.commentMax } }}
              />
              {/* Issue 33 item 10: on a phone the buttons go to the next line whole; their labels never wrap. */}
              <Stack
                direction="row"
                useFlexGap
                sx={{
                  flexWrap: 'wrap',
                  gap: 1,
                  '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
                }}
              >
                <Button
                  variant="contained"
                  size="small"
                  disabled={!stars || saving}
                  onClick={() => {
                    if (!stars) return;
                    setSaving(true);
                    void onRate(answer._id, stars, comment.trim() || null).finally(() => setSaving(false));
                  }}
                >
                  Save rating
                </Button>
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/jobs/${jobId}/interview/compare/${question._id}`}
                >
                  Compare candidates
                </Button>
                {canManage && (
                  <Button size="small" onClick={onReopen}>
                    Re-open
                  </Button>
                )}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}

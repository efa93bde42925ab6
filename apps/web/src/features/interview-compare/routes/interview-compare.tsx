import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AnswerBody, PromptVideo } from '../../../components/interview-answer.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCompare, useCompareInterview } from '../api/get-compare.ts';
import { answerReviewModel } from '@hirecast/domain/answer-review';
import { possessive } from '@hirecast/domain/possessive';

// Issue 25 item 4: the compare view — every candidate's answer to one question, side by side
// (/jobs/{id}/interview/compare/{questionId}).
export function Component() {
  const { id = '', questionId = '' } = useParams();
  const navigate = useNavigate();
  const interview = useCompareInterview(id);
  const entries = useCompare(id, questionId);
  const questions = interview.data?.questions ?? [];
  const index = questions.findIndex((q) => q._id === questionId);
  const question = questions[index];
  if (entries.isError) return <Typography>The answers could not be loaded.</Typography>;
  if (!entries.data || !interview.data) return <PageLoader label="Loading the answers" />;
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <title>{`Compare answers · Hirecast`}</title>
      <Link component={RouterLink} to={`/jobs/${id}/view`}>
        Back to the applicants
      </Link>
      <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 2 }}>
        Compare answers
      </Typography>
      <TextField
        select
        label="Question"
        value={questionId}
        fullWidth
        sx={{ mb: 2, maxWidth: 720 }}
        onChange={(e) => void navigate(`/jobs/${id}/interview/compare/${e.target.value}`)}
      >
        {questions.map((q, i) => (
          <MenuItem key={q._id} value={q._id} sx={{ whiteSpace: 'normal' }}>
            {i + 1}. {q.prompt}
          </MenuItem>
        ))}
      </TextField>
      {question && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {question.prompt}
          </Typography>
          {question.promptVideo && (
            <PromptVideo video={question.promptVideo} label={`Prompt video of question ${index + 1}`} />
          )}
        </Box>
      )}
      {entries.data.length === 0 ? (
        <Typography color="text.secondary">No candidate has answered this question yet.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Answers"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {entries.data.map((e) => {
            const name = `${e.firstName} ${e.lastName}`.trim();
            return (
              <Paper component="li" variant="outlined" key={e.applicationId} sx={{ p: 2 }}>
                <Stack spacing={1}>
                  <Link
                    component={RouterLink}
                    to={`/applications/${id}/${e.applicationId}/view`}
                    variant="subtitle1"
                  >
                    {name}
                  </Link>
                  <AnswerBody
                    model={answerReviewModel(question?.answerType ?? null, e.answer)}
                    label={`${possessive(name, 'person')} answer`}
                  />
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Rating value={e.answer.average ?? 0} precision={0.1} readOnly size="small" />
                    <Typography variant="body2" color="text.secondary">
                      {e.answer.average === null
                        ? 'Not rated'
                        : `${e.answer.average.toFixed(1)} / 5 (${e.answer.ratings.length})`}
                    </Typography>
                  </Stack>
                </Stack>
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

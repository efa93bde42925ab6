import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { INTERVIEW_LIMITS, type TInterview, ZPutInterviewRequest } from '@hirecast/domain/interview';
import { SortableList } from '../../../../components/sortable-list.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCreateCompanyQuestion } from '../../api/create-company-question.ts';
import { useCompanyQuestions } from '../../api/get-company-questions.ts';
import { useSaveInterview } from '../../api/save-interview.ts';
import {
  draftOf,
  moveItem,
  newKey,
  newQuestion,
  requestOf,
  settingsFor,
  type TDraft,
  type TDraftQuestion,
} from './interview-draft.ts';
import { InterviewPreviewDialog } from './interview-preview-dialog.tsx';
import { QuestionCard } from './question-card.tsx';

/** Errors by path ('questions.2.prompt'), from the domain's own schema or from the server. */
function errorsOf(draft: TDraft): Record<string, string> {
  const parsed = ZPutInterviewRequest.safeParse(requestOf(draft));
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    out[path] ??= issue.message;
  }
  return out;
}

const fieldErrors = (errors: Record<string, string>, index: number) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(`questions.${index}.`))
      .map(([path, message]) => [path.split('.')[2] ?? '', message]),
  );

/**
 * Issue 25 item 1: the job's interview — 1 to 10 questions, each with its answer type, times, retakes and
 * whether it is required; reordered by drag (mouse, touch) or keyboard; saved to and picked from the company's
 * question library; previewed as a candidate sees it. Viewers read it.
 */
export function InterviewEditor({
  jobId,
  interview,
  canEdit,
}: {
  jobId: string;
  interview: TInterview | null;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState<TDraft>(() => draftOf(interview));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [libraryAnchor, setLibraryAnchor] = useState<HTMLElement | null>(null);
  const save = useSaveInterview(jobId);
  const library = useCompanyQuestions();
  const saveToLibrary = useCreateCompanyQuestion();
  const disabled = !canEdit;

  const errors = showErrors ? { ...errorsOf(draft), ...serverErrors } : serverErrors;
  const setQuestions = (questions: TDraftQuestion[]) => {
    setServerErrors({});
    setDraft((d) => ({ ...d, questions }));
  };
  const { questions } = draft;
  const full = questions.length >= INTERVIEW_LIMITS.questionsMax;

  const ids = questions.map((q) => q.key);
  const labelOf = (id: string) => `Question ${ids.indexOf(id) + 1}`;

  const onSave = async () => {
    setShowErrors(true);
    setFormError(null);
    if (Object.keys(errorsOf(draft)).length > 0) return setFormError('Check the questions marked in red.');
    try {
      const saved = await save.mutateAsync(requestOf(draft));
      setDraft(draftOf(saved));
      setShowErrors(false);
      toast.success('Interview saved');
    } catch (err) {
      setFormError(err instanceof Error ? err.message : 'The interview could not be saved.');
      if (err instanceof ApiError) setServerErrors(err.fields ?? {});
    }
  };

  const addFromLibrary = (id: string) => {
    setLibraryAnchor(null);
    const picked = library.data?.find((q) => q._id === id);
    if (!picked || full) return;
    const settings = picked.interview;
    setQuestions([
      ...questions,
      {
        ...newQuestion(),
        key: newKey(),
        prompt: picked.text,
        ...(settings ? { ...settingsFor(settings.answerType, settings), required: settings.required } : {}),
      },
    ]);
  };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography variant="h5" component="h2">
        Interview
      </Typography>
      <Typography color="text.secondary">
        Ask every candidate the same questions, in the same conditions. Candidates see how many questions
        there are and the time each allows before they start; they can retake video answers while retakes
        remain.
      </Typography>
      {disabled && <Alert severity="info">Only admins and job managers can edit the interview.</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={draft.inApply}
              disabled={disabled}
              onChange={(e) => setDraft((d) => ({ ...d, inApply: e.target.checked }))}
            />
          }
          label="In the apply flow (instead of the video introduction)"
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.asStage}
              disabled={disabled}
              onChange={(e) => setDraft((d) => ({ ...d, asStage: e.target.checked }))}
            />
          }
          label="By invitation"
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.practiceQuestion}
              disabled={disabled}
              onChange={(e) => setDraft((d) => ({ ...d, practiceQuestion: e.target.checked }))}
            />
          }
          label="Practice question (never saved)"
        />
      </Stack>
      {errors.inApply && <Alert severity="error">{errors.inApply}</Alert>}
      <SortableList
        ids={ids}
        noun="question"
        labelOf={labelOf}
        layout="list"
        pointerActivation={{ distance: 6 }}
        onMove={(from, to) => setQuestions(moveItem(questions, from, to))}
      >
        <Stack spacing={2} component="ol" aria-label="Questions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {questions.map((q, i) => (
            <li key={q.key}>
              <QuestionCard
                question={q}
                index={i}
                count={questions.length}
                disabled={disabled}
                errors={fieldErrors(errors, i)}
                onChange={(changed) => setQuestions(questions.map((x) => (x.key === q.key ? changed : x)))}
                onMove={(to) => setQuestions(moveItem(questions, i, to))}
                onRemove={() => setQuestions(questions.filter((x) => x.key !== q.key))}
                onSaveToLibrary={() => {
                  // The library keeps the question's settings; its prompt video stays with this job.
                  const { prompt, key: _key, _id, promptVideo: _video, ...settings } = q;
                  saveToLibrary.mutate(
                    { text: prompt.trim(), interview: { ...settings, promptVideoId: null } },
                    {
                      onSuccess: () => toast.success('Saved to the question library'),
                      onError: (err) => toast.error(err.message),
                    },
                  );
                }}
              />
            </li>
          ))}
        </Stack>
      </SortableList>
      {errors.questions && <Alert severity="error">{errors.questions}</Alert>}
      {!disabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            disabled={full}
            onClick={() => setQuestions([...questions, newQuestion()])}
          >
            Add question
          </Button>
          <Button
            variant="outlined"
            disabled={full || !library.data?.length}
            onClick={(e) => setLibraryAnchor(e.currentTarget)}
            aria-haspopup="menu"
          >
            Add from question library
          </Button>
          <Menu anchorEl={libraryAnchor} open={Boolean(libraryAnchor)} onClose={() => setLibraryAnchor(null)}>
            {library.data?.map((q) => (
              <MenuItem
                key={q._id}
                onClick={() => addFromLibrary(q._id)}
                sx={{ whiteSpace: 'normal', maxWidth: 480 }}
              >
                {q.text}
                {q.interview ? ` (${q.interview.answerType})` : ''}
              </MenuItem>
            ))}
          </Menu>
        </Stack>
      )}
      {full && !disabled && (
        <Typography variant="body2" color="text.secondary">
          An interview has at most {INTERVIEW_LIMITS.questionsMax} questions.
        </Typography>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => setPreviewOpen(true)}>
          Preview as a candidate
        </Button>
        {!disabled && (
          <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending}>
            Save interview
          </Button>
        )}
      </Stack>
      <InterviewPreviewDialog
        open={previewOpen}
        questions={questions}
        onClose={() => setPreviewOpen(false)}
      />
    </Stack>
  );
}

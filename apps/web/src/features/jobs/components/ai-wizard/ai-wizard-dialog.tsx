import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { AI_ANSWER_MAX, AI_WIZARD_QUESTIONS } from '@hirecast/domain/ai-description';
import { AI_TONES, JOB_LIMITS, type TDelta, type TJobLocation } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { useGenerateDescription } from '../../api/generate-description.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { readWizardState, WIZARD_TONE_STEP, writeWizardState, type TWizardState } from './wizard-storage.ts';

type TProps = {
  open: boolean;
  onClose: () => void;
  jobId: string;
  title: string;
  location: TJobLocation | null;
  hasContent: boolean;
  onGenerated: (delta: TDelta, title: string) => void;
};

const toneLabel = (tone: string) => tone[0]!.toUpperCase() + tone.slice(1);

// spec 1 §4 AI description wizard: four questions, the tone, then Generate. Every answer and the title are
// required (spec 1 §5); the answers stay in session storage per job; failure closes with a toast.
export function AiWizardDialog({ open, onClose, jobId, title, location, hasContent, onGenerated }: TProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [state, setState] = useState<TWizardState>(() => readWizardState(jobId));
  const [jobTitle, setJobTitle] = useState(title);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const generate = useGenerateDescription();

  const update = (next: TWizardState) => {
    setState(next);
    writeWizardState(jobId, next);
  };
  const { step } = state;
  const question = AI_WIZARD_QUESTIONS[step];
  const answer = question ? state.answers[question.key] : '';
  const titleMissing = jobTitle.trim() === '';
  const blocker = titleMissing
    ? jobMessages.aiFillTitle
    : question && answer.trim() === ''
      ? jobMessages.aiFillField
      : null;

  const run = () =>
    generate.mutate(
      {
        jobTitle: jobTitle.trim(),
        jobLocation: location,
        answer: state.answers,
        tone: state.tone,
      },
      {
        onSuccess: (delta) => {
          onGenerated(delta, jobTitle.trim());
          onClose();
        },
        onError: () => {
          toast.error(jobMessages.aiFailure);
          onClose();
        },
      },
    );

  const next = () => {
    if (blocker) return;
    if (step < WIZARD_TONE_STEP) update({ ...state, step: step + 1 });
    else if (hasContent) setConfirmReplace(true);
    else run();
  };

  const steps = [...AI_WIZARD_QUESTIONS.map((_, i) => `Step ${i + 1}`), 'Tone'];

  return (
    <Dialog
      open={open}
      onClose={generate.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="ai-wizard-title"
    >
      <DialogTitle id="ai-wizard-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoAwesome color="primary" /> Generate with AI
      </DialogTitle>
      {generate.isPending && <LinearProgress aria-label="Generating the description" />}
      <DialogContent dividers>
        <Stepper
          activeStep={step}
          alternativeLabel
          sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: '0.75rem' } }}
        >
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <TextField
          label="Job title"
          value={jobTitle}
          onChange={(e) => setJobTitle(e.target.value.slice(0, JOB_LIMITS.titleMax))}
          error={titleMissing}
          helperText={titleMissing ? jobMessages.aiFillTitle : undefined}
          fullWidth
          size="small"
          sx={{ mb: 3 }}
          disabled={generate.isPending}
        />
        {question ? (
          <TextField
            key={question.key}
            label={question.label}
            helperText={question.helperText}
            value={answer}
            onChange={(e) =>
              update({
                ...state,
                answers: { ...state.answers, [question.key]: e.target.value.slice(0, AI_ANSWER_MAX) },
              })
            }
            multiline
            minRows={4}
            fullWidth
            autoFocus
            disabled={generate.isPending}
          />
        ) : (
          <Box>
            <Typography variant="subtitle1" component="h3" id="ai-tone-label" sx={{ fontWeight: 600 }}>
              Pick a tone of voice
            </Typography>
            <Box
              role="radiogroup"
              aria-labelledby="ai-tone-label"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}
            >
              {AI_TONES.map((tone) => (
                <Chip
                  key={tone}
                  role="radio"
                  aria-checked={state.tone === tone}
                  label={toneLabel(tone)}
                  color={state.tone === tone ? 'primary' : 'default'}
                  variant={state.tone === tone ? 'filled' : 'outlined'}
                  onClick={() => update({ ...state, tone })}
                  disabled={generate.isPending}
                />
              ))}
            </Box>
            {generate.isPending && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }} role="status">
                Writing your description…
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={generate.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button
          onClick={() => update({ ...state, step: step - 1 })}
          disabled={step === 0 || generate.isPending}
        >
          Back
        </Button>
        <Tooltip title={blocker ?? ''}>
          <span>
            <Button
              variant="contained"
              onClick={next}
              disabled={Boolean(blocker) || generate.isPending}
              loading={generate.isPending}
              startIcon={question ? undefined : <AutoAwesome />}
            >
              {question ? 'Next' : 'Generate'}
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
      <ConfirmDialog
        open={confirmReplace}
        title="Replace your description?"
        confirmLabel="Replace"
        onConfirm={run}
        onClose={() => setConfirmReplace(false)}
      >
        The generated text will replace the description you have now.
      </ConfirmDialog>
    </Dialog>
  );
}

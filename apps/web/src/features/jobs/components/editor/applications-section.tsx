import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { SPOKEN_LANGUAGES } from '@hirecast/domain/languages';
import { VIDEO_INTRO_QUESTIONS } from '@hirecast/domain/job-template';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { usePlanGate } from '../../../../lib/billing.ts';
import { useCreateCompanyQuestion } from '../../api/create-company-question.ts';
import { useCompanyQuestions } from '../../api/get-company-questions.ts';
import { FormSection } from '../../../../components/form-section.tsx';
import { isRedirectUrl, type TJobForm } from './job-form.ts';
import { SwitchRow } from './switch-row.tsx';

const ADD_OWN = '__add_own__';
const NONE = '__none__';

// spec 1 §2 Details: redirect candidates, external ATS validation, video intro question and custom question.
// All three need the Video Applications plan feature (spec 1 §6).
export function ApplicationsSection({
  form,
  disabled,
}: {
  form: UseFormReturn<TJobForm>;
  disabled: boolean;
}) {
  const { control } = form;
  // Each control locked until the plan is known (plan.ts PLAN_FEATURE_TABLE); one notice once it says no.
  const redirectGate = usePlanGate('redirectCandidates');
  const videoQuestionGate = usePlanGate('videoQuestion');
  const customQuestionGate = usePlanGate('customQuestion');
  const refusals = [redirectGate, videoQuestionGate, customQuestionGate].flatMap((g) => g.refusal ?? []);
  const redirectLocked = disabled || !redirectGate.allowed;
  const redirect = useWatch({ control, name: 'redirect' });
  const linkUsable = redirect.url.trim() !== '' && isRedirectUrl(redirect.url);

  // spec 1 §4: clearing the link turns the redirect off and clears the validation flag.
  const previousUrl = useRef(redirect.url);
  useEffect(() => {
    const wasFilled = previousUrl.current.trim() !== '';
    previousUrl.current = redirect.url;
    if (wasFilled && redirect.url.trim() === '' && redirect.enabled) {
      form.setValue('redirect', { enabled: false, url: '', atsValidation: false });
    }
  }, [form, redirect.url, redirect.enabled]);

  return (
    <FormSection title="Applications">
      {[...new Set(refusals)].map((refusal) => (
        <Alert key={refusal} severity="info">
          {refusal}
        </Alert>
      ))}
      <Box>
        <SwitchRow
          control={control}
          name="redirect.enabled"
          label="Redirect candidates to your ATS"
          disabled={redirectLocked}
          onToggle={(checked) =>
            form.setValue('redirect', {
              ...form.getValues('redirect'),
              enabled: checked,
              ...(checked ? {} : { atsValidation: false }),
            })
          }
        />
        <Box sx={{ mt: 1.5 }}>
          <FormTextField
            control={control}
            name="redirect.url"
            label="Application page link"
            placeholder="https://"
            disabled={redirectLocked}
            hint="Candidates go to this page to apply. It must start with https://"
          />
        </Box>
      </Box>
      <SwitchRow
        control={control}
        name="redirect.atsValidation"
        label="Unpublish job when application page expired"
        hint="Needs the redirect switched on and a link."
        disabled={redirectLocked || !redirect.enabled || !linkUsable}
      />
      <VideoQuestionField form={form} disabled={disabled || !videoQuestionGate.allowed} />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <TextField
            select
            label="Language candidates speak"
            value={field.value ?? NONE}
            onChange={(e) => field.onChange(e.target.value === NONE ? null : e.target.value)}
            disabled={disabled}
            fullWidth
            helperText="Optional. Helps the transcripts of their video answers."
          >
            <MenuItem value={NONE}>
              <em>Not said (detected from the speech)</em>
            </MenuItem>
            {SPOKEN_LANGUAGES.map(([code, name]) => (
              <MenuItem key={code} value={code}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="customQuestion"
        label="Custom question"
        max={JOB_LIMITS.customQuestionMax}
        disabled={disabled || !customQuestionGate.allowed}
        hint="A written question every applicant answers."
      />
    </FormSection>
  );
}

function VideoQuestionField({ form, disabled }: { form: UseFormReturn<TJobForm>; disabled: boolean }) {
  const questions = useCompanyQuestions();
  const create = useCreateCompanyQuestion();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const saved = (questions.data ?? [])
    .map((q) => q.text)
    .filter((t) => !(VIDEO_INTRO_QUESTIONS as readonly string[]).includes(t));

  const saveOwn = () => {
    const text = draft.trim();
    if (!text) return;
    create.mutate(text, {
      onSuccess: (question) => {
        form.setValue('videoQuestion', question.text);
        setAdding(false);
        setDraft('');
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <Controller
      control={form.control}
      name="videoQuestion"
      render={({ field }) => {
        const known =
          field.value === null ||
          VIDEO_INTRO_QUESTIONS.some((q) => q === field.value) ||
          saved.includes(field.value);
        return (
          <Box>
            <TextField
              select
              label="Video intro question"
              value={field.value ?? NONE}
              onChange={(e) => {
                if (e.target.value === ADD_OWN) setAdding(true);
                else field.onChange(e.target.value === NONE ? null : e.target.value);
              }}
              disabled={disabled}
              fullWidth
              helperText="Applicants answer it on video."
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 640 } } } } } }}
            >
              <MenuItem value={NONE}>
                <em>No video question</em>
              </MenuItem>
              <ListSubheader>Suggested questions</ListSubheader>
              {VIDEO_INTRO_QUESTIONS.map((q) => (
                <MenuItem key={q} value={q} sx={{ whiteSpace: 'normal' }}>
                  {q}
                </MenuItem>
              ))}
              {saved.length > 0 && <ListSubheader>Your company&apos;s questions</ListSubheader>}
              {saved.map((q) => (
                <MenuItem key={q} value={q} sx={{ whiteSpace: 'normal' }}>
                  {q}
                </MenuItem>
              ))}
              {!known && field.value && (
                <MenuItem value={field.value} sx={{ whiteSpace: 'normal' }}>
                  {field.value}
                </MenuItem>
              )}
              <MenuItem value={ADD_OWN} sx={{ fontWeight: 600, color: 'primary.main' }}>
                + Add your own question
              </MenuItem>
            </TextField>
            {adding && (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ mt: 1.5, alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  label="Your question"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value.slice(0, JOB_LIMITS.customQuestionMax))}
                  helperText={`${draft.length}/${JOB_LIMITS.customQuestionMax}`}
                  fullWidth
                  size="small"
                  autoFocus
                />
                <Button
                  variant="contained"
                  onClick={saveOwn}
                  loading={create.isPending}
                  disabled={!draft.trim()}
                >
                  Save question
                </Button>
                <Button onClick={() => setAdding(false)}>Cancel</Button>
              </Stack>
            )}
          </Box>
        );
      }}
    />
  );
}

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { applyAiCascade, areShortlistControlsEnabled } from '@hirecast/domain/ai-cascade';
import { JOB_LIMITS, type TAiSettings } from '@hirecast/domain/job';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { FormSection } from '../../../../components/form-section.tsx';
import type { TJobForm } from './job-form.ts';
import { SwitchRow } from './switch-row.tsx';

type TAiSwitch = Exclude<keyof TAiSettings, 'score'>;

// spec 1 §4 AI switches cascade, applied here as on the server; shortlist controls are disabled while CV
// ranking or auto-shortlist is off.
export function AiSettingsSection({ form, disabled }: { form: UseFormReturn<TJobForm>; disabled: boolean }) {
  const ai = useWatch({ control: form.control, name: 'aiSettings' });
  const shortlistOn = areShortlistControlsEnabled(ai);

  const toggle = (key: TAiSwitch) => (checked: boolean) => {
    const current = form.getValues('aiSettings');
    const next = applyAiCascade({ ...current, score: Number(current.score) || 0 }, { [key]: checked });
    form.setValue('aiSettings', { ...next, score: current.score });
  };

  const row = (key: TAiSwitch, label: string, hint: string, off: boolean) => (
    <SwitchRow
      control={form.control}
      name={`aiSettings.${key}`}
      label={label}
      hint={hint}
      disabled={disabled || off}
      onToggle={toggle(key)}
    />
  );

  return (
    <FormSection title="AI assistant" description="Let the assistant rank CVs and keep candidates informed.">
      {row('isScreening', 'CV ranking', 'Every applicant’s CV gets a fit score against this job.', false)}
      {row(
        'isAutoShortlist',
        'Auto-shortlist',
        'Applicants at or above the score are shortlisted.',
        !ai.isScreening,
      )}
      {row(
        'isShortlist',
        'Shortlist emails',
        'Shortlisted applicants get an email automatically.',
        !shortlistOn,
      )}
      {row(
        'isAutoRejection',
        'Auto-rejection emails',
        'Applicants below the score get a polite rejection.',
        !shortlistOn,
      )}
      {row(
        'isDisableApplicantFeedbackDialog',
        'Disable applicant feedback dialog',
        'Skip the feedback question when you move applicants.',
        !shortlistOn,
      )}
      <FormTextField
        control={form.control}
        name="aiSettings.score"
        label="Shortlist score"
        type="number"
        disabled={disabled || !shortlistOn}
        hint={`From ${JOB_LIMITS.scoreMin} to ${JOB_LIMITS.scoreMax}, in steps of 0.1`}
        slotProps={{ htmlInput: { min: JOB_LIMITS.scoreMin, max: JOB_LIMITS.scoreMax, step: 0.1 } }}
        sx={{ maxWidth: 220 }}
      />
    </FormSection>
  );
}

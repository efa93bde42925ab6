import { useEffect, useState } from 'react';
import { useForm, useWatch, Controller, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { deltaHasText, type TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { fillDescriptionTemplate } from '@hirecast/domain/job-template';
import { AiWizardDialog } from '../ai-wizard/ai-wizard-dialog.tsx';
import { DescriptionField } from '../description/description-field.tsx';
import { AiSettingsSection } from './ai-settings-section.tsx';
import { ApplicationsSection } from './applications-section.tsx';
import { BasicsSection } from './basics-section.tsx';
import { FormSection } from '../../../../components/form-section.tsx';
import { JobDetailsSection } from './job-details-section.tsx';
import { JobImageField } from './job-image-field.tsx';
import { JobVideoField } from './job-video-field.tsx';
import { toJobForm, ZJobForm, type TJobForm } from './job-form.ts';
import { ListingOptionsSection } from './listing-options-section.tsx';
import { useJobAutosave, type TSaveStatus } from './use-job-autosave.ts';

type TProps = {
  job: TJob;
  canEdit: boolean;
  isAgency: boolean;
  onStatusChange?: (status: TSaveStatus) => void;
};

const resolver = zodResolver(ZJobForm);

// spec 1 §2 'Details contain': every field of the job, each saving itself (spec 1 §9 debounces).
export function JobDetailsForm({ job, canEdit, isAgency, onStatusChange }: TProps) {
  const form = useForm<TJobForm>({ defaultValues: toJobForm(job), resolver, mode: 'onChange' });
  const { status } = useJobAutosave({ job, form, enabled: canEdit });
  useEffect(() => {
    onStatusChange?.(status);
  }, [status, onStatusChange]);
  const disabled = !canEdit;

  const body = (
    <Stack spacing={3} sx={{ pb: 6 }}>
      <BasicsSection form={form} disabled={disabled} />
      <DescriptionSection form={form} jobId={job._id} disabled={disabled} />
      <FormSection title="Video and image">
        <JobVideoField control={form.control} disabled={disabled} />
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <JobImageField value={field.value} onChange={field.onChange} disabled={disabled} />
          )}
        />
      </FormSection>
      <JobDetailsSection control={form.control} disabled={disabled} />
      <ListingOptionsSection control={form.control} disabled={disabled} isAgency={isAgency} />
      <ApplicationsSection form={form} disabled={disabled} />
      <AiSettingsSection form={form} disabled={disabled} />
    </Stack>
  );

  // spec 1 §6: viewers see every control disabled, with the reason on hover.
  return canEdit ? (
    body
  ) : (
    <Tooltip title={jobMessages.viewerCannotEdit} followCursor>
      <div>{body}</div>
    </Tooltip>
  );
}

function DescriptionSection({
  form,
  jobId,
  disabled,
}: {
  form: UseFormReturn<TJobForm>;
  jobId: string;
  disabled: boolean;
}) {
  const [wizardOpen, setWizardOpen] = useState(false);
  const [title, location, description] = useWatch({
    control: form.control,
    name: ['title', 'location', 'description'],
  });
  const error = form.formState.errors.description?.message;

  return (
    <FormSection title="Description">
      <DescriptionField
        value={description}
        onChange={(delta) => form.setValue('description', delta, { shouldDirty: true })}
        onOpenWizard={() => setWizardOpen(true)}
        onLoadTemplate={() =>
          form.setValue('description', fillDescriptionTemplate(title), { shouldDirty: true })
        }
        error={error}
        disabled={disabled}
      />
      {wizardOpen && (
        <AiWizardDialog
          open
          onClose={() => setWizardOpen(false)}
          jobId={jobId}
          title={title}
          location={location}
          hasContent={deltaHasText(description)}
          onGenerated={(delta, wizardTitle) => {
            if (!form.getValues('title').trim()) form.setValue('title', wizardTitle, { shouldDirty: true });
            form.setValue('description', delta, { shouldDirty: true });
          }}
        />
      )}
    </FormSection>
  );
}

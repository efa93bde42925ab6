import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { JOB_TITLE_PLACEHOLDER } from '@hirecast/domain/job-template';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { LocationAutocomplete } from '../location/location-autocomplete.tsx';
import { FormSection } from '../../../../components/form-section.tsx';
import type { TJobForm } from './job-form.ts';

const POST_HEADING_ID = 'job-post-heading';

// Title, location and the post heading (spec 1 §2 Details).
export function BasicsSection({ form, disabled }: { form: UseFormReturn<TJobForm>; disabled: boolean }) {
  const { control } = form;

  // spec 1 §3: the post heading supports a job-title placeholder; insert it where the caret is.
  const insertTitlePlaceholder = () => {
    const current = form.getValues('postHeading');
    const input = document.getElementById(POST_HEADING_ID) as HTMLInputElement | null;
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    const next = current.slice(0, start) + JOB_TITLE_PLACEHOLDER + current.slice(end);
    if (next.length > JOB_LIMITS.postHeadingMax) return;
    form.setValue('postHeading', next, { shouldDirty: true });
    requestAnimationFrame(() => {
      input?.focus();
      const caret = start + JOB_TITLE_PLACEHOLDER.length;
      input?.setSelectionRange(caret, caret);
    });
  };

  return (
    <FormSection title="Basics">
      <FormTextField
        control={control}
        name="title"
        label="Job title"
        max={JOB_LIMITS.titleMax}
        required
        disabled={disabled}
      />
      <Controller
        control={control}
        name="location"
        render={({ field }) => (
          <LocationAutocomplete
            value={field.value}
            onChange={(location) => field.onChange(location)}
            disabled={disabled}
            label="Location"
          />
        )}
      />
      <Box>
        <FormTextField
          control={control}
          name="postHeading"
          id={POST_HEADING_ID}
          label="Job post heading"
          max={JOB_LIMITS.postHeadingMax}
          required
          disabled={disabled}
          hint={`The headline candidates see first. ${JOB_TITLE_PLACEHOLDER} shows the job title.`}
        />
        <Chip
          icon={<AddIcon />}
          label="Insert job title"
          size="small"
          variant="outlined"
          onClick={insertTitlePlaceholder}
          disabled={disabled}
          sx={{ mt: 1 }}
        />
      </Box>
    </FormSection>
  );
}

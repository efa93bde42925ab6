import Box from '@mui/material/Box';
import { type Control } from 'react-hook-form';
import {
  CURRENCIES,
  EMPLOYMENT_TYPES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  SALARY_UNITS,
} from '@hirecast/domain/job';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { FormSection } from '../../../../components/form-section.tsx';
import { capitalise, FormSelect } from './form-select.tsx';
import type { TJobForm } from './job-form.ts';

const EMPLOYMENT_OPTIONS = EMPLOYMENT_TYPES.map((v) => ({ value: v, label: capitalise(v) }));
const LOCATION_TYPE_OPTIONS = LOCATION_TYPES.map((v) => ({ value: v, label: LOCATION_TYPE_LABELS[v] }));
const CURRENCY_OPTIONS = CURRENCIES.map((v) => ({ value: v, label: v }));
const UNIT_OPTIONS = SALARY_UNITS.map((v) => ({ value: v, label: capitalise(v) }));

// Employment type, location type and salary (spec 1 §2 Details, §5 'Salary should be numeric value.').
export function JobDetailsSection({ control, disabled }: { control: Control<TJobForm>; disabled: boolean }) {
  return (
    <FormSection title="Job details">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormSelect
          control={control}
          name="employmentType"
          label="Employment type"
          options={EMPLOYMENT_OPTIONS}
          disabled={disabled}
        />
        <FormSelect
          control={control}
          name="locationType"
          label="Location type"
          options={LOCATION_TYPE_OPTIONS}
          disabled={disabled}
        />
      </Box>
      <Box
        role="group"
        aria-label="Salary"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 0.7fr 1fr' }, gap: 2 }}
      >
        <FormTextField
          control={control}
          name="salary.from"
          label="Salary from"
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          control={control}
          name="salary.to"
          label="Salary to"
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormSelect
          control={control}
          name="salary.currency"
          label="Currency"
          options={CURRENCY_OPTIONS}
          disabled={disabled}
        />
        <FormSelect
          control={control}
          name="salary.unit"
          label="Per"
          options={UNIT_OPTIONS}
          disabled={disabled}
        />
      </Box>
    </FormSection>
  );
}

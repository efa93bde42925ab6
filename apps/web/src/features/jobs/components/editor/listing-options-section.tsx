import { useWatch, type Control } from 'react-hook-form';
import { AdditionalVideosField } from './additional-videos-field.tsx';
import { FormSection } from '../../../../components/form-section.tsx';
import type { TJobForm } from './job-form.ts';
import { SwitchRow } from './switch-row.tsx';

// spec 1 §2 Details: Pre-launch (the inverse of isHiringNow) and what the public listing shows.
export function ListingOptionsSection({
  control,
  disabled,
  isAgency,
}: {
  control: Control<TJobForm>;
  disabled: boolean;
  isAgency: boolean;
}) {
  const showAdditionalVideos = useWatch({ control, name: 'showAdditionalVideos' });
  return (
    <FormSection title="Listing options">
      <SwitchRow
        control={control}
        name="preLaunch"
        label="Pre-launch"
        hint="Candidates can register interest before you start hiring."
        disabled={disabled}
      />
      <SwitchRow control={control} name="showOtherJobs" label="Show other jobs" disabled={disabled} />
      <SwitchRow
        control={control}
        name="showAdditionalVideos"
        label="Show additional videos"
        disabled={disabled}
      />
      {showAdditionalVideos && <AdditionalVideosField control={control} disabled={disabled} />}
      <SwitchRow control={control} name="hideLocation" label="Hide location" disabled={disabled} />
      {isAgency && (
        <SwitchRow
          control={control}
          name="isAgencyIncluded"
          label="Include agency branding"
          disabled={disabled}
        />
      )}
    </FormSection>
  );
}

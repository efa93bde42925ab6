import type { ComponentType, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { INDUSTRIES, LIMITS } from '@hirecast/domain/constants';
import { FormTextField } from '../form-text-field.tsx';
import { BrandingFields } from './branding-fields.tsx';
import type { TCompanyFormInput, TCompanyFormOutput } from './company-form-schema.ts';
import { SocialLinksField } from './social-links-field.tsx';

type TProps = {
  form: Pick<
    UseFormReturn<TCompanyFormInput, unknown, TCompanyFormOutput>,
    'control' | 'setValue' | 'trigger'
  >;
  /** The titled block each group of fields stands in: the create form's plain section, the settings' card. */
  Section: ComponentType<{ title: string; children: ReactNode }>;
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
  /** The create form suggests what to write; the settings tab shows the stored bio as it is. */
  bioPlaceholder?: string;
};

// The company's fields in four sections: about, location, branding and social links (spec 1 §5, spec 2 §5
// Company). Shared by the create-company form and the settings Company tab; each owns its submit and errors.
export function CompanyFields({
  form,
  Section,
  onUploadingChange,
  disabled = false,
  bioPlaceholder,
}: TProps) {
  const { control } = form;

  return (
    <>
      <Section title="About the company">
        <FormTextField
          control={control}
          name="name"
          label="Company name"
          required
          max={LIMITS.companyNameMax}
          autoComplete="organization"
          disabled={disabled}
        />
        <FormTextField
          control={control}
          name="website"
          label="Website"
          type="url"
          placeholder="https://"
          slotProps={{ htmlInput: { maxLength: 500 } }}
          disabled={disabled}
        />
        <FormTextField control={control} name="industry" label="Industry" select required disabled={disabled}>
          {INDUSTRIES.map((industry) => (
            <MenuItem key={industry} value={industry}>
              {industry}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="description"
          label="Bio"
          required
          multiline
          minRows={3}
          max={LIMITS.bioMax}
          placeholder={bioPlaceholder}
          disabled={disabled}
        />
      </Section>

      <Section title="Location">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField
            control={control}
            name="location.city"
            label="City"
            required
            autoComplete="address-level2"
            disabled={disabled}
          />
          <FormTextField
            control={control}
            name="location.country"
            label="Country"
            required
            autoComplete="country-name"
            disabled={disabled}
          />
        </Box>
      </Section>

      <Section title="Branding">
        <BrandingFields form={form} onUploadingChange={onUploadingChange} disabled={disabled} />
      </Section>

      <Section title="Social links">
        <SocialLinksField control={control} disabled={disabled} />
      </Section>
    </>
  );
}

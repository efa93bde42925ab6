import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TCompany } from '@hirecast/domain/company';
import { INDUSTRIES, LIMITS } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { settingsMessages } from '@hirecast/domain/settings';
import { BrandingFields } from '../../../components/company/branding-fields.tsx';
import {
  ZCompanyForm,
  companyFormValues,
  type TCompanyFormInput,
  type TCompanyFormOutput,
} from '../../../components/company/company-form-schema.ts';
import { SocialLinksField } from '../../../components/company/social-links-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { AdminNotice } from './admin-notice.tsx';
import { AgencySwitch } from './agency-switch.tsx';
import { changedCompanyFields, toUpdateCompanyRequest } from './company-request.ts';
import { FillFromWebsite } from './fill-from-website.tsx';
import { FormSection } from '../../../components/form-section.tsx';

const FORM_FIELDS = ['name', 'industry', 'description', 'location.city', 'location.country', 'logo'];

// spec 2 §2 Settings, Company tab; spec 2 §5 Company. One form with one Save (the fields belong together:
// a bio without its name makes no sense half-saved); the agency switch and 'Fill from website' act at once.
export function CompanyTab({ company, canEdit }: { company: TCompany; canEdit: boolean }) {
  const update = useUpdateCompany(company._id);
  const [uploading, setUploading] = useState(false);
  const values = useMemo(() => companyFormValues(company), [company]);
  const form = useForm<TCompanyFormInput, unknown, TCompanyFormOutput>({
    resolver: zodResolver(ZCompanyForm),
    mode: 'onBlur',
    // Follows the stored company (a finished 'Fill from website' fills the form) without losing edits.
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const disabled = !canEdit;

  const onSubmit = handleSubmit((formValues) => {
    const body = changedCompanyFields(toUpdateCompanyRequest(formValues), company);
    if (Object.keys(body).length === 0) {
      reset(values);
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(companyFormValues(saved));
        toast.success(settingsMessages.saved);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) {
          setError('name', { message: err.message }, { shouldFocus: true });
          toast.error(err.message);
          return;
        }
        if (err instanceof ApiError && err.status === 400) {
          Object.entries(err.fields)
            .filter(([path]) => FORM_FIELDS.includes(path))
            .forEach(([path, message]) => setError(path as FieldPath<TCompanyFormInput>, { message }));
        }
        toast.error(
          err instanceof ApiError && err.status === 403 ? err.message : messages.companySaveFailure,
        );
      },
    });
  });

  return (
    <Box>
      {disabled && <AdminNotice />}
      <Stack spacing={3}>
        {/* Only an admin can fill the company in; the others have nothing to do here. */}
        {canEdit && <FillFromWebsite company={company} disabled={disabled} />}
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Company details">
          <Stack spacing={3}>
            <FormSection title="About the company">
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
              <Controller
                control={control}
                name="industry"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    required
                    label="Industry"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    disabled={disabled}
                    fullWidth
                  >
                    {INDUSTRIES.map((industry) => (
                      <MenuItem key={industry} value={industry}>
                        {industry}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                control={control}
                name="description"
                label="Bio"
                required
                multiline
                minRows={3}
                max={LIMITS.bioMax}
                disabled={disabled}
              />
            </FormSection>

            <FormSection title="Location">
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
            </FormSection>

            <FormSection title="Branding">
              <BrandingFields form={form} onUploadingChange={setUploading} disabled={disabled} />
            </FormSection>

            <FormSection title="Social links">
              <SocialLinksField control={control} disabled={disabled} />
            </FormSection>

            {canEdit && (
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'flex-end',
                  gap: 1.5,
                  flexDirection: { xs: 'column-reverse', sm: 'row' },
                }}
              >
                <Button onClick={() => reset(values)} disabled={!formState.isDirty || update.isPending}>
                  Discard changes
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={update.isPending}
                  disabled={!formState.isDirty || uploading || company.texauLoading}
                >
                  Save changes
                </Button>
              </Box>
            )}
          </Stack>
        </Box>
        <AgencySwitch company={company} disabled={disabled} />
      </Stack>
    </Box>
  );
}

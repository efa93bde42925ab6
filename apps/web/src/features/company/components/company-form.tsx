import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INDUSTRIES, LIMITS } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { BrandingFields } from '../../../components/company/branding-fields.tsx';
import {
  ZCompanyForm,
  companyFormDefaults,
  toCreateCompanyRequest,
  type TCompanyFormInput,
  type TCompanyFormOutput,
} from '../../../components/company/company-form-schema.ts';
import { SocialLinksField } from '../../../components/company/social-links-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useCreateCompany } from '../api/create-company.ts';

// spec 1 §2 Create company and §5 Company validation.
export function CompanyForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<TCompanyFormInput, unknown, TCompanyFormOutput>({
    resolver: zodResolver(ZCompanyForm),
    // onBlur, not onTouched: a newly added social-link row must not show an error before it is filled in.
    mode: 'onBlur',
    defaultValues: companyFormDefaults(email),
  });
  const { control, handleSubmit, setError } = form;
  const create = useCreateCompany();
  const [uploading, setUploading] = useState(false);

  const onSubmit = handleSubmit((values) =>
    create.mutate(toCreateCompanyRequest(values), {
      onSuccess: (company) => {
        session.setCompanyId(company._id);
        toast.success('Your company has been created.');
        navigate('/jobs');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) {
          setError('name', { message: err.message }, { shouldFocus: true });
          toast.error(err.message);
          return;
        }
        // Field messages from the server (spec 1 §5: URL constraint messages are shown as received).
        if (err instanceof ApiError && err.status === 400) {
          Object.entries(err.fields).forEach(([path, message]) =>
            setError(path.replace(/^info\./, 'socials.') as FieldPath<TCompanyFormInput>, { message }),
          );
        }
        toast.error(messages.companySaveFailure);
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={4}>
        <Section title="About the company">
          <FormTextField
            control={control}
            name="name"
            label="Company name"
            required
            max={LIMITS.companyNameMax}
            autoComplete="organization"
          />
          <FormTextField
            control={control}
            name="website"
            label="Website"
            type="url"
            placeholder="https://"
            slotProps={{ htmlInput: { maxLength: 500 } }}
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
            placeholder="What your company does, and what it is like to work there"
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
            />
            <FormTextField
              control={control}
              name="location.country"
              label="Country"
              required
              autoComplete="country-name"
            />
          </Box>
        </Section>

        <Section title="Branding">
          <BrandingFields form={form} onUploadingChange={setUploading} />
        </Section>

        <Section title="Social links">
          <SocialLinksField control={control} />
        </Section>

        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={create.isPending}
            disabled={uploading}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Create company
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_PRIMARY_COLOR,
  INDUSTRIES,
  LIMITS,
} from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { ColorField } from './color-field.tsx';
import {
  ZCompanyForm,
  companyFormDefaults,
  toCreateCompanyRequest,
  type TCompanyFormInput,
  type TCompanyFormOutput,
} from './company-form-schema.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LogoUpload } from './logo-upload.tsx';
import { SocialLinksField } from './social-links-field.tsx';

// spec 1 §2 Create company and §5 Company validation.
export function CompanyForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const { control, handleSubmit, setError, setValue, trigger } = useForm<
    TCompanyFormInput,
    unknown,
    TCompanyFormOutput
  >({
    resolver: zodResolver(ZCompanyForm),
    // onBlur, not onTouched: a newly added social-link row must not show an error before it is filled in.
    mode: 'onBlur',
    defaultValues: companyFormDefaults(email),
  });
  const create = useCreateCompany();
  const [uploading, setUploading] = useState(false);
  const [palette, setPalette] = useState<string[]>([]);
  const primaryColor = useWatch({ control, name: 'primaryColor' });

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
          <Controller
            control={control}
            name="logo"
            render={({ field }) => (
              <LogoUpload
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setUploading}
                onPalette={setPalette}
              />
            )}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            {(
              [
                ['primaryColor', 'Primary colour', DEFAULT_PRIMARY_COLOR],
                ['backgroundColor', 'Background colour', DEFAULT_BACKGROUND_COLOR],
              ] as const
            ).map(([name, label, fallback]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <ColorField
                    label={label}
                    fallback={fallback}
                    value={field.value ?? ''}
                    error={fieldState.error?.message}
                    inputRef={field.ref}
                    // Typing is checked 700 ms later, not on every keystroke (spec 1 §5, §9).
                    onChange={(value) => setValue(name, value, { shouldDirty: true })}
                    onCheck={() => void trigger(name)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ))}
          </Box>
          {palette.length > 0 && (
            <Box>
              <Typography variant="body2" color="text.secondary" id="logo-palette-label" sx={{ mb: 1 }}>
                Colours from your logo (click one to use it as the primary colour)
              </Typography>
              <Box role="group" aria-labelledby="logo-palette-label" sx={{ display: 'flex', gap: 1.5 }}>
                {palette.map((colour) => (
                  <ButtonBase
                    key={colour}
                    aria-label={`Use ${colour} as primary colour`}
                    aria-pressed={primaryColor?.toUpperCase() === colour}
                    onClick={() =>
                      setValue('primaryColor', colour, { shouldDirty: true, shouldValidate: true })
                    }
                    sx={{
                      width: 36,
                      height: 36,
                      borderRadius: 1,
                      bgcolor: colour,
                      border: 2,
                      borderColor: primaryColor?.toUpperCase() === colour ? 'text.primary' : 'divider',
                    }}
                  />
                ))}
              </Box>
            </Box>
          )}
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

import { useMemo, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TCompany } from '@hirecast/domain/company';
import { messages } from '@hirecast/domain/messages';
import { settingsMessages } from '@hirecast/domain/settings';
import { SharingSettingsSection } from './sharing-settings-section.tsx';
import { TranscriptionSection } from './transcription-section.tsx';
import { CompanyFields } from '../../../components/company/company-fields.tsx';
import {
  companyFormValues,
  type TCompanyFormInput,
} from '../../../components/company/company-form-schema.ts';
import { showNameTaken, useCompanyForm } from '../../../components/company/use-company-form.ts';
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
  const form = useCompanyForm({
    // Follows the stored company (a finished 'Fill from website' fills the form) without losing edits.
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { handleSubmit, setError, reset, formState } = form;
  const disabled = !canEdit;
  // The form's resetOptions keep edits when the stored company changes underneath; a save or a discard must
  // replace them. (Inheriting keepDirtyValues here left the typed values, untrimmed, over the saved ones: the
  // form went dirty again a moment after the save, and Discard changes kept the edits.)
  const replaceValues = (next: TCompanyFormInput) => reset(next, { keepDirtyValues: false });

  const onSubmit = handleSubmit((formValues) => {
    const body = changedCompanyFields(toUpdateCompanyRequest(formValues), company);
    if (Object.keys(body).length === 0) {
      replaceValues(values);
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        replaceValues(companyFormValues(saved));
        toast.success(settingsMessages.saved);
      },
      onError: (err) => {
        if (showNameTaken(err, setError)) return;
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
            <CompanyFields
              form={form}
              Section={FormSection}
              onUploadingChange={setUploading}
              disabled={disabled}
            />

            {canEdit && (
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'flex-end',
                  gap: 1.5,
                  flexDirection: { xs: 'column-reverse', sm: 'row' },
                }}
              >
                <Button
                  onClick={() => replaceValues(values)}
                  disabled={!formState.isDirty || update.isPending}
                >
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
        <SharingSettingsSection companyId={company._id} canEdit={canEdit} />
        {canEdit && <TranscriptionSection />}
      </Stack>
    </Box>
  );
}

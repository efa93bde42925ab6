import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TCompany } from '@hirecast/domain/company';
import type { TAgency } from '@hirecast/domain/settings';
import { LogoUpload } from '../../../components/company/logo-upload.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateAgency } from '../api/update-agency.ts';
import { AdminNotice } from './admin-notice.tsx';
import { SaveStatus } from '../../../components/save-status.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { useAgencyAutosave, type TAgencyField } from './use-agency-autosave.ts';

const FIELDS: { field: TAgencyField; label: string; type: string; max: number; autoComplete: string }[] = [
  { field: 'name', label: 'Agency name', type: 'text', max: 35, autoComplete: 'organization' },
  { field: 'email', label: 'Email', type: 'email', max: 90, autoComplete: 'email' },
  { field: 'phone', label: 'Mobile phone', type: 'tel', max: 30, autoComplete: 'tel' },
];

// spec 2 §2 Settings, Agency tab (agency companies only); spec 2 §5 Agency. Saves by itself.
export function AgencyTab({ company, canEdit }: { company: TCompany; canEdit: boolean }) {
  if (!company.agency) {
    return (
      <Alert severity="warning">
        The agency details are not available. Turn the agency switch in the Company tab off and on again.
      </Alert>
    );
  }
  return <AgencyForm companyId={company._id} agency={company.agency} canEdit={canEdit} />;
}

function AgencyForm({
  companyId,
  agency,
  canEdit,
}: {
  companyId: string;
  agency: TAgency;
  canEdit: boolean;
}) {
  const update = useUpdateAgency(companyId, agency._id);
  const { values, errors, status, change, setStatus } = useAgencyAutosave({
    agency,
    save: update.mutateAsync,
    onError: (message) => toast.error(message),
  });

  return (
    <Box>
      {!canEdit && <AdminNotice />}
      <FormSection
        title="Agency details"
        description="Shown on the jobs you post for your clients when they include the agency branding."
        action={canEdit ? <SaveStatus status={status} /> : undefined}
      >
        {FIELDS.map(({ field, label, type, max, autoComplete }) => (
          <TextField
            key={field}
            label={label}
            type={type}
            required
            value={values[field]}
            onChange={(e) => change(field, e.target.value)}
            error={Boolean(errors[field])}
            helperText={errors[field] ?? (field === 'phone' ? 'Spaces, brackets and dashes are fine.' : ' ')}
            disabled={!canEdit}
            autoComplete={autoComplete}
            slotProps={{ htmlInput: { maxLength: max } }}
            fullWidth
          />
        ))}
        <LogoUpload
          label="Agency logo"
          value={agency.logo}
          disabled={!canEdit}
          onChange={(logo) => {
            setStatus('saving');
            update.mutate(
              { logo },
              {
                onSuccess: () => setStatus('saved'),
                onError: (err) => {
                  setStatus('error');
                  toast.error(errorMessage(err));
                },
              },
            );
          }}
        />
      </FormSection>
    </Box>
  );
}

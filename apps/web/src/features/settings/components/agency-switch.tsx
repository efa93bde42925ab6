import { toast } from 'react-toastify';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { TCompany } from '@hirecast/domain/company';
import { settingsMessages } from '@hirecast/domain/settings';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSwitchAgency } from '../api/switch-agency.ts';
import { FormSection } from '../../../components/form-section.tsx';

// spec 2 §7 POST /company/{id}/agency {isAgency}: saved at once. An agency gets the Agency tab for its own
// details, and its jobs can include the agency branding (spec 1 §6).
export function AgencySwitch({ company, disabled }: { company: TCompany; disabled: boolean }) {
  const switchAgency = useSwitchAgency(company._id);
  return (
    <FormSection
      title="Agency"
      description="Recruitment agencies post jobs for their clients: turn this on to add your agency's own details in the Agency tab and show them on jobs."
    >
      <FormControlLabel
        control={
          <Switch
            checked={company.isAgency}
            disabled={disabled || switchAgency.isPending}
            onChange={(_, isAgency) =>
              switchAgency.mutate(isAgency, {
                onSuccess: () => toast.success(settingsMessages.saved),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          />
        }
        label="This company is a recruitment agency"
      />
    </FormSection>
  );
}

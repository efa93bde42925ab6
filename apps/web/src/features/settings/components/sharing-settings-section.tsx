import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { toast } from 'react-toastify';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { settingsMessages } from '@hirecast/domain/settings';
import {
  MAX_POINTS_PER_EVENT,
  ZSharingSettings,
  type TSharingEvent,
  type TSharingSettings,
} from '@hirecast/domain/sharing';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSharingSettings, useUpdateSharingSettings } from '../api/sharing-settings.ts';

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/London', 'UTC'];
  }
})();

const POINT_FIELDS: { key: TSharingEvent; label: string }[] = [
  { key: 'visit', label: 'Points per view' },
  { key: 'applied', label: 'Points per application started' },
  { key: 'submitted', label: 'Points per application submitted' },
];

function SharingForm({
  saved,
  companyId,
  canEdit,
}: {
  saved: TSharingSettings;
  companyId: string;
  canEdit: boolean;
}) {
  const [values, setValues] = useState(saved);
  const update = useUpdateSharingSettings(companyId);
  const parsed = ZSharingSettings.safeParse(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const leave = useLeaveGuard(dirty);
  const save = () => {
    if (!parsed.success) return;
    // The form is re-keyed by the saved values, so it unmounts on success: the promise still settles.
    update.mutateAsync(parsed.data).then(
      () => toast.success(settingsMessages.saved),
      (err: unknown) => toast.error(errorMessage(err)),
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Autocomplete
        options={TIME_ZONES}
        value={values.timeZone}
        disableClearable
        disabled={!canEdit}
        onChange={(_, timeZone) => setValues({ ...values, timeZone })}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Time zone"
            helperText="Analytics periods and daily summaries follow it"
          />
        )}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      {POINT_FIELDS.map((f) => {
        const value = values.points[f.key];
        const bad = !Number.isInteger(value) || value < 0 || value > MAX_POINTS_PER_EVENT;
        return (
          <TextField
            key={f.key}
            label={f.label}
            type="number"
            disabled={!canEdit}
            value={Number.isNaN(value) ? '' : value}
            error={bad}
            helperText={bad ? `A whole number from 0 to ${MAX_POINTS_PER_EVENT}` : ' '}
            slotProps={{ htmlInput: { min: 0, max: MAX_POINTS_PER_EVENT, step: 1 } }}
            onChange={(e) =>
              setValues({
                ...values,
                points: {
                  ...values.points,
                  [f.key]: e.target.value === '' ? Number.NaN : Number(e.target.value),
                },
              })
            }
          />
        );
      })}
      {canEdit && (
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'flex-start',
            gridColumn: { sm: '1 / -1' },
          }}
        >
          <Button
            variant="contained"
            onClick={save}
            disabled={!dirty || !parsed.success}
            loading={update.isPending}
          >
            Save analytics settings
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={leave.asking}
        title="Leave without saving?"
        confirmLabel="Leave"
        destructive
        onConfirm={leave.proceed}
        onClose={leave.stay}
      >
        Your changes to the time zone and reward points are not saved yet. Stay to save them, or leave and
        lose them.
      </ConfirmDialog>
    </Box>
  );
}

/**
 * Issue 23 item 8: leaving with unsaved analytics settings asks first. Another page or another settings tab
 * (the tab is in the query) goes through the router's blocker and a dialog; closing or reloading the page
 * through the browser's own question (beforeunload).
 */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // The dialog closes after its confirm too; a navigation already let through must not be reset then (for
  // the browser's Back, that would block it again when it lands).
  const leaving = useRef(false);
  return {
    asking: blocker.state === 'blocked',
    proceed: () => {
      leaving.current = true;
      blocker.proceed?.();
    },
    stay: () => {
      if (!leaving.current) blocker.reset?.();
      leaving.current = false;
    },
  };
}

// Issue 16: the company's time zone (default Europe/London) and the reward points per referral event.
export function SharingSettingsSection({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const settings = useSharingSettings(companyId);
  return (
    <FormSection
      title="Analytics and rewards"
      description="Reward points your team earns for each candidate their shared links bring in."
    >
      {settings.data ? (
        <SharingForm
          key={JSON.stringify(settings.data)}
          saved={settings.data}
          companyId={companyId}
          canEdit={canEdit}
        />
      ) : null}
    </FormSection>
  );
}

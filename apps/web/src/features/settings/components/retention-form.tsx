import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  privacyMessages,
  RETENTION_MONTHS,
  RETENTION_WARNING_DAYS,
  ZRetentionRules,
  ZUpdatePrivacySettingsRequest,
  type TPrivacySettings,
  type TRetentionAction,
} from '@hirecast/domain/privacy';
import { FormSection } from '../../../components/form-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRetentionPreview, useUpdatePrivacySettings } from '../api/privacy-settings.ts';

type TForm = {
  rejectedMonths: string;
  inactiveMonths: string;
  hiredMonths: string;
  action: TRetentionAction;
  privacyPolicyUrl: string;
};

const MONTH_FIELDS: {
  key: 'rejectedMonths' | 'inactiveMonths' | 'hiredMonths';
  label: string;
  help: string;
}[] = [
  { key: 'rejectedMonths', label: 'Rejected or withdrawn', help: 'Months after the rejection or withdrawal' },
  { key: 'inactiveMonths', label: 'No activity', help: 'Months after the last activity' },
  { key: 'hiredMonths', label: 'Hired', help: 'Months after the hire' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Issue 26 item 1: the retention rules and the privacy policy link, with the preview of what the rules would do. */
export function RetentionForm({ saved, companyId }: { saved: TPrivacySettings; companyId: string }) {
  const [form, setForm] = useState<TForm>({
    rejectedMonths: String(saved.rejectedMonths),
    inactiveMonths: String(saved.inactiveMonths),
    hiredMonths: String(saved.hiredMonths),
    action: saved.action,
    privacyPolicyUrl: saved.privacyPolicyUrl ?? '',
  });
  const update = useUpdatePrivacySettings(companyId);
  const values = {
    rejectedMonths: Number(form.rejectedMonths),
    inactiveMonths: Number(form.inactiveMonths),
    hiredMonths: Number(form.hiredMonths),
    action: form.action,
  };
  const rules = ZRetentionRules.safeParse(values);
  const body = ZUpdatePrivacySettingsRequest.safeParse({
    ...values,
    privacyPolicyUrl: form.privacyPolicyUrl,
  });
  const preview = useRetentionPreview(companyId, rules.success ? rules.data : null);
  const fieldError = (key: keyof TForm) =>
    body.success ? undefined : body.error.issues.find((i) => i.path[0] === key)?.message;
  const set = (key: keyof TForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const verb = form.action === 'anonymise' ? 'anonymised' : 'deleted';

  return (
    <FormSection
      title="Retention rules"
      description={`Applications are ${verb} when their time is up. ${RETENTION_WARNING_DAYS} days before, the candidate gets an email with a “Keep my application” link. The rules run every night in the company's time zone (${saved.timeZone}).`}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.success) return;
          update.mutateAsync(body.data).then(
            () => toast.success(privacyMessages.saved),
            (err: unknown) => toast.error(errorMessage(err)),
          );
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          {MONTH_FIELDS.map(({ key, label, help }) => (
            <TextField
              key={key}
              label={label}
              type="number"
              value={form[key]}
              onChange={set(key)}
              slotProps={{ htmlInput: { min: RETENTION_MONTHS.min, max: RETENTION_MONTHS.max, step: 1 } }}
              error={Boolean(fieldError(key))}
              helperText={fieldError(key) ?? help}
            />
          ))}
        </Box>
        <Box>
          <FormLabel id="retention-action">When the time is up</FormLabel>
          <RadioGroup
            row
            aria-labelledby="retention-action"
            value={form.action}
            onChange={(e) => setForm((f) => ({ ...f, action: e.target.value as TRetentionAction }))}
          >
            <FormControlLabel
              value="anonymise"
              control={<Radio />}
              label="Anonymise (keep status, dates, job and source for statistics)"
            />
            <FormControlLabel value="delete" control={<Radio />} label="Delete the application" />
          </RadioGroup>
        </Box>
        <Alert severity="info" role="status" aria-live="polite" data-testid="retention-preview">
          {!rules.success
            ? 'Enter whole months from 1 to 36 to see what these rules would do.'
            : preview.data
              ? `Under these rules, the next nightly run would email ${plural(preview.data.warn, 'candidate', 'candidates')} and ${preview.data.action === 'anonymise' ? 'anonymise' : 'delete'} ${plural(preview.data.act, 'application', 'applications')}.`
              : 'Counting the applications these rules would act on…'}
        </Alert>
        <TextField
          label="Privacy policy link"
          type="url"
          placeholder="https://www.example.com/privacy"
          value={form.privacyPolicyUrl}
          onChange={set('privacyPolicyUrl')}
          error={Boolean(fieldError('privacyPolicyUrl'))}
          helperText={
            fieldError('privacyPolicyUrl') ?? "Shown to candidates in the apply form's privacy notice."
          }
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!body.success || update.isPending}>
            Save privacy settings
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          An application on legal hold is kept whatever the rules, until the hold is released on the applicant
          page.
        </Typography>
      </Box>
    </FormSection>
  );
}

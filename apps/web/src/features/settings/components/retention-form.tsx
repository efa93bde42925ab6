import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
  type TRetentionRule,
} from '@hirecast/domain/privacy';
import { FormSection } from '../../../components/form-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRetentionPreview, useUpdatePrivacySettings } from '../api/privacy-settings.ts';

type TForm = {
  rejectedMonths: string;
  inactiveMonths: string;
  hiredMonths: string;
  rejectedAction: TRetentionAction;
  inactiveAction: TRetentionAction;
  hiredAction: TRetentionAction;
  privacyPolicyUrl: string;
};

// Issue 33: each rule has its months and its own action.
const RULE_FIELDS: {
  rule: TRetentionRule;
  label: string;
  help: string;
}[] = [
  { rule: 'rejected', label: 'Rejected or withdrawn', help: 'Months after the rejection or withdrawal' },
  { rule: 'inactive', label: 'No activity', help: 'Months after the last activity' },
  { rule: 'hired', label: 'Hired', help: 'Months after the hire' },
];
const ACTION_LABELS: Record<TRetentionAction, string> = { anonymise: 'Anonymise', delete: 'Delete' };
const ACTION_HELP: Record<TRetentionAction, string> = {
  anonymise: 'Keeps status, dates, job and source for statistics',
  delete: 'Removes the application and its files',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Issue 26 item 1: the retention rules and the privacy policy link, with the preview of what the rules would do. */
export function RetentionForm({ saved, companyId }: { saved: TPrivacySettings; companyId: string }) {
  const [form, setForm] = useState<TForm>({
    rejectedMonths: String(saved.rejectedMonths),
    inactiveMonths: String(saved.inactiveMonths),
    hiredMonths: String(saved.hiredMonths),
    rejectedAction: saved.rejectedAction,
    inactiveAction: saved.inactiveAction,
    hiredAction: saved.hiredAction,
    privacyPolicyUrl: saved.privacyPolicyUrl ?? '',
  });
  const update = useUpdatePrivacySettings(companyId);
  const values = {
    rejectedMonths: Number(form.rejectedMonths),
    inactiveMonths: Number(form.inactiveMonths),
    hiredMonths: Number(form.hiredMonths),
    rejectedAction: form.rejectedAction,
    inactiveAction: form.inactiveAction,
    hiredAction: form.hiredAction,
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
  const previewText = (p: { warn: number; anonymise: number; delete: number }) => {
    const acts = [
      p.anonymise > 0 && `anonymise ${plural(p.anonymise, 'application', 'applications')}`,
      p.delete > 0 && `delete ${plural(p.delete, 'application', 'applications')}`,
    ].filter(Boolean);
    return `Under these rules, the next nightly run would email ${plural(p.warn, 'candidate', 'candidates')} and ${acts.length > 0 ? acts.join(' and ') : 'anonymise or delete no applications'}.`;
  };

  return (
    <FormSection
      title="Retention rules"
      description={`Each rule anonymises or deletes applications when their time is up. ${RETENTION_WARNING_DAYS} days before, the candidate gets an email with a “Keep my application” link. The rules run every night in the company's time zone (${saved.timeZone}).`}
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
          {RULE_FIELDS.map(({ rule, label, help }) => {
            const months = `${rule}Months` as const;
            const action = `${rule}Action` as const;
            return (
              <Box key={rule} sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
                <TextField
                  label={label}
                  type="number"
                  value={form[months]}
                  onChange={set(months)}
                  slotProps={{
                    htmlInput: { min: RETENTION_MONTHS.min, max: RETENTION_MONTHS.max, step: 1 },
                  }}
                  error={Boolean(fieldError(months))}
                  helperText={fieldError(months) ?? help}
                />
                <TextField
                  select
                  label={`${label}: then`}
                  value={form[action]}
                  onChange={set(action)}
                  helperText={ACTION_HELP[form[action]]}
                >
                  {(['anonymise', 'delete'] as const).map((value) => (
                    <MenuItem key={value} value={value}>
                      {ACTION_LABELS[value]}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            );
          })}
        </Box>
        <Alert severity="info" role="status" aria-live="polite" data-testid="retention-preview">
          {!rules.success
            ? 'Enter whole months from 1 to 36 to see what these rules would do.'
            : preview.data
              ? previewText(preview.data)
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

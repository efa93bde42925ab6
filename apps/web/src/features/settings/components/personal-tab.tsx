import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { ZUpdateMeRequest, type TManager, type TUpdateMeRequest } from '@hirecast/domain/auth';
import { LIMITS } from '@hirecast/domain/constants';
import { requiredField } from '@hirecast/domain/messages';
import { calendarLinkError, settingsMessages } from '@hirecast/domain/settings';
import { LogoUpload } from '../../../components/company/logo-upload.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { BlurSaveField } from './blur-save-field.tsx';
import { FormSection } from '../../../components/form-section.tsx';

const DIGEST_LABELS: Record<TManager['digestType'], string> = {
  instant: 'Instant: an email for every new applicant',
  daily: 'Daily: one summary email a day',
  weekly: 'Weekly: one summary email a week',
};
const DIGEST_ORDER = ['instant', 'daily', 'weekly'] as const;
const CALENDAR_LINK_MAX = 2000;

type TTextField = 'firstName' | 'lastName' | 'position' | 'calendarLink';

// The domain schema's message for one field's value (names: 2 to 35 characters; position: at most 35).
function schemaError(field: TTextField, value: string): string | null {
  const parsed = ZUpdateMeRequest.safeParse({ [field]: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

// spec 2 §2 Settings, Personal tab; spec 2 §5 Personal and Calendar link. Every field saves on its own.
export function PersonalTab({ me, focus }: { me: TManager; focus: string | null }) {
  const update = useUpdateMe();
  const calendarRef = useRef<HTMLInputElement>(null);

  // spec 2 §2: /settings?tab=personal&focus=calendarLink puts the cursor in the calendar link.
  useEffect(() => {
    if (focus !== 'calendarLink') return;
    calendarRef.current?.focus();
    calendarRef.current?.scrollIntoView?.({ block: 'center' });
  }, [focus]);

  // Resolves to the message to show under the field, or null when saved.
  const save = async (body: TUpdateMeRequest, field?: TTextField): Promise<string | null> => {
    try {
      await update.mutateAsync(body);
      toast.success(settingsMessages.saved);
      return null;
    } catch (err) {
      const message = (field && err instanceof ApiError && err.fields[field]) || errorMessage(err);
      toast.error(message);
      return message;
    }
  };

  const nameField = (field: 'firstName' | 'lastName', label: string) => (
    <BlurSaveField
      label={label}
      stored={me[field]}
      max={LIMITS.nameMax}
      required
      autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
      validate={(value) => (value ? schemaError(field, value) : requiredField(label))}
      save={(value) => save({ [field]: value }, field)}
    />
  );

  return (
    <Stack spacing={3}>
      <FormSection title="Your profile">
        <LogoUpload
          label="Photo"
          noun="photo"
          imageType="avatar"
          value={me.avatar}
          onChange={(avatar) => void save({ avatar })}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          {nameField('firstName', 'First name')}
          {nameField('lastName', 'Last name')}
        </Box>
        <BlurSaveField
          label="Position"
          stored={me.position ?? ''}
          max={LIMITS.positionMax}
          autoComplete="organization-title"
          hint="Shown under your name in the emails you send."
          validate={(value) => schemaError('position', value)}
          save={(value) => save({ position: value }, 'position')}
        />
        <TextField
          label="Email"
          value={me.email}
          helperText="Your sign-in email cannot be changed here."
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
        />
      </FormSection>

      <FormSection title="Email digest" description="How often we email you about new applicants.">
        <TextField
          select
          label="Digest"
          value={me.digestType}
          onChange={(e) => void save({ digestType: e.target.value as TManager['digestType'] })}
          disabled={update.isPending}
          fullWidth
        >
          {DIGEST_ORDER.map((type) => (
            <MenuItem key={type} value={type}>
              {DIGEST_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
      </FormSection>

      <FormSection
        title="Calendar link"
        description="Candidates you invite to an interview can book a time through this link."
      >
        <BlurSaveField
          label="Calendar link"
          stored={me.calendarLink ?? ''}
          max={CALENDAR_LINK_MAX}
          type="url"
          placeholder="https://calendly.com/your-name"
          inputRef={calendarRef}
          hint="An https link to Calendly, Cal.com, Google Calendar appointments, Microsoft Bookings, HubSpot meetings and the like. Leave empty to remove it."
          validate={calendarLinkError}
          save={(value) => save({ calendarLink: value || null }, 'calendarLink')}
        />
      </FormSection>
    </Stack>
  );
}

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useMe } from '../../../../lib/me.ts';
import { useShareJobEmail } from '../../api/share-job-email.ts';
import { addShareEmail } from './share-links.ts';

const SHARED = 'Your job has been shared by email';

// spec 1 §5 Email share: up to 3 addresses as chips (Enter, comma or leaving the field adds one) and an
// optional message of at most 300 characters.
export function ShareEmailForm({ jobId, onSent }: { jobId: string; onSent: () => void }) {
  const { data: me } = useMe();
  const share = useShareJobEmail();
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  // Returns the list with the draft added (or the current list when the draft is empty or invalid).
  const commitDraft = (): string[] | null => {
    if (!draft.trim()) return emails;
    const result = addShareEmail(emails, draft);
    if ('error' in result) {
      setError(result.error);
      return null;
    }
    setEmails(result.list);
    setDraft('');
    setError(null);
    return result.list;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commitDraft();
    } else if (event.key === 'Backspace' && !draft && emails.length) {
      setEmails(emails.slice(0, -1));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = commitDraft();
    if (!list) return;
    if (!list.length) {
      setError('Add at least one email');
      return;
    }
    share.mutate(
      {
        id: jobId,
        to: list,
        message: message.trim() || undefined,
        username: me ? `${me.firstName} ${me.lastName}`.trim() : undefined,
      },
      {
        onSuccess: () => {
          toast.success(SHARED);
          onSent();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const full = emails.length >= JOB_LIMITS.shareEmailsMax;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {emails.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Recipients" role="list">
            {emails.map((email) => (
              <Chip
                key={email}
                role="listitem"
                label={email}
                onDelete={() => setEmails(emails.filter((e) => e !== email))}
              />
            ))}
          </Stack>
        )}
        <TextField
          label="Email addresses"
          value={draft}
          disabled={full}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && commitDraft()}
          error={Boolean(error)}
          helperText={
            error ??
            (full
              ? `${JOB_LIMITS.shareEmailsMax} of ${JOB_LIMITS.shareEmailsMax} recipients added`
              : `Press Enter to add. Up to ${JOB_LIMITS.shareEmailsMax} recipients.`)
          }
          slotProps={{ htmlInput: { maxLength: JOB_LIMITS.shareEmailMax, inputMode: 'email' } }}
          fullWidth
        />
        <TextField
          label="Message (optional)"
          value={message}
          onChange={(event) => setMessage(event.target.value.slice(0, JOB_LIMITS.shareMessageMax))}
          multiline
          minRows={3}
          maxRows={6}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'flex-end' }} aria-hidden="true">
              {message.length}/{JOB_LIMITS.shareMessageMax}
            </Box>
          }
          slotProps={{ htmlInput: { maxLength: JOB_LIMITS.shareMessageMax } }}
          fullWidth
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={share.isPending}>
            Send
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  STATUS_LABELS,
  STATUS_LETTER,
  ZSendLetterRequest,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { useSendLetter } from '../api/send-letter.ts';
import { LetterFields } from './letter-fields.tsx';
import { candidateName, draftFor, type TLetterSource } from './letter-draft.ts';
import { usePhone } from './use-phone.ts';

export type TLetterStatus = 'rejected' | 'interviewing' | 'hired' | 'shortlisted';

const TITLES: Record<TLetterStatus, (name: string) => string> = {
  rejected: (name) => `Reject ${name}`,
  interviewing: (name) => `Invite ${name} to an interview`,
  hired: (name) => `Hire ${name}`,
  shortlisted: (name) => `Shortlist ${name}`,
};

export const statusChangedMessage = (status: TApplicationStatus, withEmail: boolean) =>
  `Status changed to ${STATUS_LABELS[status]}${withEmail ? ' and the email was sent' : ''}.`;

/**
 * spec 2 §2 and §4: the rejection, connection (interview), hire and shortlist email dialogs. Each offers the
 * status change alone or with the email; the interview email can carry the sender's calendar link.
 */
export function StatusLetterDialog({
  status,
  applicant,
  job,
  me,
  letters,
  onClose,
}: {
  status: TLetterStatus;
  onClose: () => void;
} & TLetterSource) {
  const titleId = useId();
  const phone = usePhone();
  const kind = STATUS_LETTER[status]!;
  const [letter, setLetter] = useState(() => draftFor(kind, { applicant, job, me, letters }));
  const [withCalendar, setWithCalendar] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'status' | 'email' | null>(null);
  const change = useChangeStatus();
  const send = useSendLetter();
  const ref = { jobId: job._id, id: applicant._id };
  const isInterview = status === 'interviewing';

  const run = async (which: 'status' | 'email') => {
    let action: () => Promise<unknown>;
    if (which === 'status') action = () => change.mutateAsync({ ...ref, status });
    else {
      const parsed = ZSendLetterRequest.safeParse({
        status,
        subject: letter.subject,
        text: letter.text,
        ...(isInterview && { isIncludeCalendarLink: withCalendar }),
      });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? null);
        return;
      }
      action = () => send.mutateAsync({ ...ref, body: parsed.data });
    }
    setPending(which);
    try {
      await action();
      toast.success(statusChangedMessage(status, which === 'email'));
      onClose();
    } catch (err) {
      // The status changed but its email did not go: the dialog's work is done, the history offers the email.
      if (err instanceof ApiError && err.code === 'MAIL_FAILED') {
        toast.warning(err.message);
        onClose();
        return;
      }
      toast.error(errorMessage(err));
      setPending(null);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      slotProps={{ paper: { sx: { maxWidth: { sm: 720 } } } }}
    >
      <DialogTitle id={titleId}>{TITLES[status](candidateName(applicant))}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The status becomes {STATUS_LABELS[status]}. You can send this email with it, or change the status
          only.
        </DialogContentText>
        <LetterFields
          letter={letter}
          onChange={(next) => {
            setLetter(next);
            setError(null);
          }}
          error={error}
          disabled={Boolean(pending)}
        />
        {isInterview && (
          <Stack sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={withCalendar}
                  onChange={(event) => setWithCalendar(event.target.checked)}
                  disabled={!me.calendarLink || Boolean(pending)}
                />
              }
              label="Include my calendar link"
            />
            {!me.calendarLink && (
              <FormHelperText sx={{ mt: 0 }}>
                Add your calendar link in{' '}
                <Link component={RouterLink} to="/settings?tab=personal">
                  personal settings
                </Link>{' '}
                to offer it here.
              </FormHelperText>
            )}
          </Stack>
        )}
      </DialogContent>
      {/* On a phone the three choices stack, the email first; on wider screens they share one row. */}
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 2,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button onClick={onClose} disabled={Boolean(pending)} sx={{ mr: { sm: 'auto' } }}>
          Cancel
        </Button>
        <Button
          variant="outlined"
          onClick={() => void run('status')}
          loading={pending === 'status'}
          disabled={Boolean(pending)}
        >
          Change status only
        </Button>
        <Button
          variant="contained"
          color={status === 'rejected' ? 'error' : 'primary'}
          onClick={() => void run('email')}
          loading={pending === 'email'}
          disabled={Boolean(pending)}
        >
          Change status and send email
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STATUS_LABELS, ZSendLetterRequest, type TApplicationStatus } from '@hirecast/domain/applicants';
import { LETTER_LIMITS, type TLetter } from '@hirecast/domain/letters';
import { FormTextField } from './form-text-field.tsx';

const ZLetterForm = ZSendLetterRequest.omit({ status: true });
type TInput = z.input<typeof ZLetterForm>;
type TOutput = z.output<typeof ZLetterForm>;

export type TStatusEmailChoice = { kind: 'status-only' } | { kind: 'with-email'; letter: TOutput };

const TITLES: Partial<Record<TApplicationStatus, (name: string) => string>> = {
  hired: (name) => `Hire ${name}`,
  rejected: (name) => `Reject ${name}`,
  interviewing: (name) => `Invite ${name} to an interview`,
  shortlisted: (name) => `Shortlist ${name}`,
};

/** The one toast of a status change, wherever it was made (the applicants list or the applicant page). */
export const statusChangedToast = (name: string, status: TApplicationStatus, withEmail: boolean) =>
  `${name} is now ${STATUS_LABELS[status]}${withEmail ? ', and the email was sent' : ''}.`;

/**
 * spec 2 §4: hired, rejected, interviewing and shortlisted open their email dialog, which offers the status
 * change alone or with the email. The text starts from the company's letter and can be edited first. The
 * one dialog of the applicants list and the applicant page, so both read and count the same.
 */
export function StatusEmailDialog({
  applicantName,
  email,
  status,
  letter,
  calendarLink,
  busy,
  pending = null,
  onChoose,
  onClose,
}: {
  applicantName: string;
  email: string;
  status: TApplicationStatus;
  letter: TLetter;
  /** The sender's calendar link (interviews may include it), or null when they have none. */
  calendarLink: string | null;
  busy: boolean;
  /** Which action is running, to show its spinner. */
  pending?: 'status' | 'email' | null;
  onChoose: (choice: TStatusEmailChoice) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const isInterview = status === 'interviewing';
  const { control, handleSubmit } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZLetterForm),
    mode: 'onTouched',
    defaultValues: {
      subject: letter.subject,
      text: letter.text,
      // Only an interview invitation can carry the calendar link.
      isIncludeCalendarLink: isInterview && Boolean(calendarLink),
    },
  });
  const title = TITLES[status]?.(applicantName) ?? `Change status to ${STATUS_LABELS[status]}`;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // Room for the three actions on one line.
      slotProps={{ paper: { sx: { maxWidth: { sm: 680 } } } }}
      fullScreen={fullScreen}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => onChoose({ kind: 'with-email', letter: values }))}
        style={{ display: 'contents' }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The status becomes <strong>{STATUS_LABELS[status]}</strong>. You can also email {applicantName} (
            {email}) with the text below.
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <FormTextField
              control={control}
              name="subject"
              label="Subject"
              max={LETTER_LIMITS.subjectMax}
              size="small"
            />
            <FormTextField
              control={control}
              name="text"
              label="Email"
              multiline
              minRows={8}
              maxRows={16}
              max={LETTER_LIMITS.textMax}
            />
            {isInterview && (
              <Stack>
                <Controller
                  control={control}
                  name="isIncludeCalendarLink"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(field.value)}
                          onChange={(event) => field.onChange(event.target.checked)}
                          disabled={!calendarLink || busy}
                        />
                      }
                      label="Include my calendar link"
                    />
                  )}
                />
                {!calendarLink && (
                  <Typography variant="body2" color="text.secondary">
                    Add your calendar link in{' '}
                    <Link component={RouterLink} to="/settings?tab=personal">
                      personal settings
                    </Link>{' '}
                    to let candidates book an interview time themselves.
                  </Typography>
                )}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions
          sx={{
            px: 3,
            pb: 2.5,
            gap: 1,
            // On a phone the actions stack, the email first.
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            '& > :not(style) ~ :not(style)': { ml: 0 },
          }}
        >
          <Button onClick={onClose} disabled={busy} sx={{ mr: { sm: 'auto' } }}>
            Cancel
          </Button>
          <Button
            variant="outlined"
            disabled={busy}
            loading={pending === 'status'}
            onClick={() => onChoose({ kind: 'status-only' })}
          >
            Change status only
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={status === 'rejected' ? 'error' : 'primary'}
            disabled={busy}
            loading={pending === 'email'}
          >
            Change status and send email
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

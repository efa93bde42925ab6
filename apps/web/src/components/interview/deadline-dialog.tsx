import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INTERVIEW_LIMITS } from '@hirecast/domain/interview';

// Issue 25 item 2: "Invite to interview" (from the applicant page and the applicants list) and "Extend deadline".

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

/** A deadline as a number of days from now: for "Invite to interview" and "Extend deadline". */
export function DeadlineDialog({
  open,
  title,
  action,
  intro,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  action: string;
  /** A line above the field: who is invited, to what. */
  intro?: string;
  onClose: () => void;
  onSubmit: (days: number) => Promise<unknown>;
}) {
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(Number(days));
      onClose();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {intro && <Typography color="text.secondary">{intro}</Typography>}
          <TextField
            label="Days to answer"
            type="number"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            helperText={`The link closes at the end of this time (${INTERVIEW_LIMITS.inviteDaysMin}–${INTERVIEW_LIMITS.inviteDaysMax} days). A reminder goes two days before.`}
            slotProps={{
              htmlInput: { min: INTERVIEW_LIMITS.inviteDaysMin, max: INTERVIEW_LIMITS.inviteDaysMax },
            }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

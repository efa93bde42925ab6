import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { INTERVIEW_LIMITS } from '@hirecast/domain/interview';
import type { TApplicationRef } from '../api/application-path.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/interview-shares.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

/** A deadline as a number of days from now: for "Invite to interview" and "Extend deadline". */
export function DeadlineDialog({
  open,
  title,
  action,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  action: string;
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

/** Share links for an outside reviewer: how long, what to hide; the links made so far, to copy or revoke. */
export function ShareDialog({
  open,
  onClose,
  applicationRef,
}: {
  open: boolean;
  onClose: () => void;
  applicationRef: TApplicationRef;
}) {
  const shares = useShares(applicationRef, open);
  const create = useCreateShare(applicationRef);
  const revoke = useRevokeShare(applicationRef);
  const [days, setDays] = useState('7');
  const [hide, setHide] = useState({ hideName: true, hideEmail: true, hideCv: true });
  const [error, setError] = useState<string | null>(null);
  // The server answers every link made; the revoked ones are not offered again (an expired one says so by its date).
  const live = (shares.data ?? []).filter((s) => !s.revokedAt);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share the interview for review</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            Anyone with the link can watch this candidate’s answers and rate them under the name they give,
            until the link expires. No account is needed.
          </Typography>
          <TextField
            label="Link works for (days)"
            type="number"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            slotProps={{
              htmlInput: { min: INTERVIEW_LIMITS.shareDaysMin, max: INTERVIEW_LIMITS.shareDaysMax },
            }}
          />
          <Stack>
            {(
              [
                ['hideName', 'Hide the name'],
                ['hideEmail', 'Hide the email'],
                ['hideCv', 'Hide the CV'],
              ] as const
            ).map(([key, label]) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    checked={hide[key]}
                    onChange={(e) => setHide((h) => ({ ...h, [key]: e.target.checked }))}
                  />
                }
                label={label}
              />
            ))}
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            disabled={create.isPending}
            onClick={() => {
              setError(null);
              create.mutate({ days: Number(days), ...hide }, { onError: (err) => setError(message(err)) });
            }}
          >
            Create link
          </Button>
          {live.length > 0 && (
            <Stack
              spacing={1}
              aria-label="Review links"
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {live.map((s) => (
                <Stack component="li" key={s._id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    fullWidth
                    value={s.url}
                    label={`Expires ${new Date(s.expiresAt).toLocaleDateString('en-GB')}`}
                    slotProps={{ htmlInput: { readOnly: true } }}
                  />
                  <IconButton
                    aria-label="Copy the review link"
                    onClick={() => void navigator.clipboard?.writeText(s.url)}
                  >
                    <ContentCopy fontSize="small" />
                  </IconButton>
                  <Button size="small" color="error" onClick={() => revoke.mutate(s._id)}>
                    Revoke
                  </Button>
                </Stack>
              ))}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

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
import { INTERVIEW_LIMITS, interviewMessages } from '@hirecast/domain/interview';
import type { TApplicationRef } from '../api/application-path.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/interview-shares.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');
const DAY_MS = 24 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local input's value (this device's time zone, to the second). */
const localDateTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

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
  // The dialog's clock, read once: the field's bounds and the links' "Expired" are as of opening.
  const [openedAt] = useState(() => Date.now());
  const [until, setUntil] = useState(() => localDateTime(new Date(openedAt + 7 * DAY_MS)));
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
            label="Link works until"
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            helperText={`Your time. At most ${INTERVIEW_LIMITS.shareDaysMax} days from now.`}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                step: 1,
                min: localDateTime(new Date(openedAt)),
                max: localDateTime(new Date(openedAt + INTERVIEW_LIMITS.shareDaysMax * DAY_MS)),
              },
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
          <Alert severity="info" data-testid="share-files-note">
            {interviewMessages.shareFilesNote}
          </Alert>
          {error && <Alert severity="error">{error}</Alert>}
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            disabled={create.isPending}
            onClick={() => {
              setError(null);
              const expiresAt = new Date(until);
              if (Number.isNaN(expiresAt.getTime())) return setError(interviewMessages.shareExpiry);
              create.mutate(
                { expiresAt: expiresAt.toISOString(), ...hide },
                { onError: (err) => setError(message(err)) },
              );
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
                    value={s.url ?? ''}
                    label={`${Date.parse(s.expiresAt) <= openedAt ? 'Expired' : 'Expires'} ${new Date(
                      s.expiresAt,
                    ).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`}
                    slotProps={{ htmlInput: { readOnly: true } }}
                  />
                  <IconButton
                    aria-label="Copy the review link"
                    onClick={() => void navigator.clipboard?.writeText(s.url ?? '')}
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

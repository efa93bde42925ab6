import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

// spec 3 §4 Video lifecycle in the editor: the progress bar steps 80, 90, 99, with this warning.
export const SAVING_WARNING = 'Your data is now being saved. Please do not refresh the page.';
export const SAVE_STEPS = { files: 80, saved: 90, finalized: 99 } as const;

export function SavingProgress({ value }: { value: number }) {
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {SAVING_WARNING}
      </Alert>
      <LinearProgress variant="determinate" value={value} aria-label="Saving" />
      <Typography variant="caption" color="text.secondary">
        {value}%
      </Typography>
    </Box>
  );
}

// spec 3 §2: leaving with unsaved changes asks: Leave without saving, or Save as a draft.
export function LeaveDialog({
  saving,
  onStay,
  onLeave,
  onSaveDraft,
}: {
  saving: boolean;
  onStay: () => void;
  onLeave: () => void;
  onSaveDraft: () => void;
}) {
  return (
    <Dialog open onClose={saving ? undefined : onStay} aria-labelledby="leave-title" maxWidth="xs" fullWidth>
      <DialogTitle id="leave-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have unsaved changes to this animated video. Leave and lose them, or save them as a draft first.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onStay} disabled={saving}>
          Cancel
        </Button>
        <Button color="error" onClick={onLeave} disabled={saving}>
          Leave without saving
        </Button>
        <Button variant="contained" onClick={onSaveDraft} loading={saving}>
          Save as a draft
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// spec 3 §2: after Finalize, Back to Videos (/content?tab=animated) or Go to Jobs (/jobs).
export function FinalizedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="finalized-title" maxWidth="xs" fullWidth>
      <DialogTitle id="finalized-title">Your video is being made</DialogTitle>
      <DialogContent>
        <DialogContentText>
          We are rendering your animated video now. It shows as processing in your videos and is ready to add
          to a job in a few minutes; we will email you when it is.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button component={RouterLink} to="/jobs">
          Go to Jobs
        </Button>
        <Button variant="contained" component={RouterLink} to="/content?tab=animated">
          Back to Videos
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// spec 3 §8: a failure in a save flow opens an error dialog with a Return button.
/** `saved`: the draft was saved and only Finalize failed (say, the company's renders at their limit). */
export function SaveErrorDialog({
  message,
  saved = false,
  onClose,
}: {
  message: string;
  saved?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-error-title" maxWidth="xs" fullWidth>
      <DialogTitle id="save-error-title">
        {saved ? 'Saved as a draft, not rendered yet' : 'We could not save your video'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Return
        </Button>
      </DialogActions>
    </Dialog>
  );
}

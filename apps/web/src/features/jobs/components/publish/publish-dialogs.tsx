import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { jobMessages } from '@hirecast/domain/job-messages';

// The dialogs of spec 1 §4 Job status. Each is controlled by its caller (LiveToggle, the add-listing flow).

// Issue 23 item 8: on the free plan the dialog names the free plan (only the first job is free), not a limit.
export function LimitDialog({
  open,
  freePlan = false,
  onClose,
}: {
  open: boolean;
  freePlan?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="limit-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="limit-dialog-title">
        {freePlan ? jobMessages.freePlanLimitTitle : jobMessages.activeJobLimit}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {freePlan
            ? 'Choose a plan to publish more jobs at the same time, or close your first job to publish this one instead.'
            : 'Close one of your live jobs to publish this one, or raise the number of active jobs of your plan.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="outlined" component={RouterLink} to="/plans" onClick={onClose}>
          See plans
        </Button>
        <Button variant="contained" component={RouterLink} to="/contact-us" onClick={onClose}>
          Contact us
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// spec 1 §4: the first job, not yet redirected. `cancelLabel` differs: on the Live toggle 'Cancel' publishes
// anyway; after creating the job it only closes the prompt.
export function FirstJobDialog({
  open,
  onClose,
  onCancel,
  onEditDetails,
  busy = false,
  text = 'Candidates see more than a title: add a video, an image, the salary and a full description before you go live, so your first job gets the applicants it deserves.',
}: {
  open: boolean;
  /** Escape or a click outside: dismisses without acting. */
  onClose: () => void;
  onCancel: () => void;
  onEditDetails: () => void;
  busy?: boolean;
  text?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="first-job-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="first-job-dialog-title">Add details to your first job?</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onEditDetails} disabled={busy}>
          Edit details
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RedirectUrlDialog({
  open,
  onClose,
  onPublish,
  onEdit,
}: {
  open: boolean;
  onClose: () => void;
  onPublish: () => void;
  onEdit: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="redirect-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="redirect-dialog-title">This job has no application link</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your company sends candidates to its own application page, but this job has no link to it yet.
          Candidates will apply on Hirecast unless you add one.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onPublish}>Publish anyway</Button>
        <Button variant="contained" onClick={onEdit}>
          Edit job
        </Button>
      </DialogActions>
    </Dialog>
  );
}

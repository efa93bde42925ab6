import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type TProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /**
   * The answer "yes". When it returns a promise, the dialog waits for it (the confirm button spins, nothing
   * closes the dialog meanwhile) and closes when it resolves; when it rejects, the dialog stays open for
   * another try (the caller has said what went wrong, for example in a toast).
   */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
};

// The one yes/no question of the app, before something that cannot be undone (deleting a job, an applicant,
// a video; removing a member; closing with unsaved changes).
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive,
  onConfirm,
  onClose,
}: TProps) {
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    const answer = onConfirm();
    if (!(answer instanceof Promise)) {
      onClose();
      return;
    }
    setPending(true);
    try {
      await answer;
    } catch {
      // The caller told the user; the question stays open.
      return;
    } finally {
      setPending(false);
    }
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={() => void confirm()}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

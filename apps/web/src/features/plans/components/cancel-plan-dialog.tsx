import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  closeChoiceLead,
  closeChoiceRefusal,
  planEndMessages,
  type TPlanEndPreview,
} from '@hirecast/domain/plan-end';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCancelPlan, usePlanEnd } from '../api/cancel-plan.ts';

const published = (iso: string | null) =>
  iso
    ? `Published ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))}`
    : 'Not published yet';

function JobChoice({
  preview,
  chosen,
  onChange,
}: {
  preview: TPlanEndPreview;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { liveJobs, mustClose } = preview;
  // Nothing to choose when every live job must close: the boxes say so and stay ticked.
  const fixed = mustClose === liveJobs.length;
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <FormGroup aria-label="Jobs to close" sx={{ mt: 1 }}>
      {liveJobs.map((job) => (
        <FormControlLabel
          key={job._id}
          // Ticked for good, yet as readable as a choice: the label keeps its colour.
          sx={{
            alignItems: 'flex-start',
            mr: 0,
            py: 0.5,
            '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
          }}
          control={
            <Checkbox
              checked={chosen.includes(job._id)}
              disabled={fixed}
              onChange={() => toggle(job._id)}
              sx={{ pt: 0.25 }}
            />
          }
          label={
            <span>
              <Typography
                component="span"
                sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {`Close “${job.title}”`}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {published(job.publishedAt)}
              </Typography>
            </span>
          }
        />
      ))}
    </FormGroup>
  );
}

/**
 * Issue 33 item 5: "Cancel plan now" on the plans screen. The plan ends at once; when more jobs are live than
 * the free plan allows, the admin chooses which close (the most recently published are ticked to start with)
 * before confirming. The server checks the same choice (POST /billing/cancel).
 */
export function CancelPlanDialog({
  open,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (closeJobIds: string[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const preview = usePlanEnd(open);
  const [picked, setPicked] = useState<string[] | null>(null);
  const data = preview.data;
  const chosen = picked ?? data?.suggested ?? [];
  const valid = data ? chosen.length === data.mustClose : false;
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{planEndMessages.cancelTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{planEndMessages.cancelLead}</DialogContentText>
        {preview.isPending && (
          <CircularProgress size={24} sx={{ mt: 2 }} aria-label="Loading your live jobs" />
        )}
        {preview.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(preview.error)}
          </Alert>
        )}
        {data && data.mustClose === 0 && (
          <Typography sx={{ mt: 2 }}>{planEndMessages.nothingCloses}</Typography>
        )}
        {data && data.mustClose > 0 && (
          <>
            <Typography sx={{ mt: 2, fontWeight: 600 }}>
              {closeChoiceLead({
                mustClose: data.mustClose,
                live: data.liveJobs.length,
                limit: data.activeJobLimit,
              })}
            </Typography>
            <JobChoice preview={data} chosen={chosen} onChange={setPicked} />
            {!valid && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {closeChoiceRefusal(data.mustClose)}
              </Alert>
            )}
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={close}>{planEndMessages.cancelKeep}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!data || !valid}
          loading={busy}
          onClick={() => onConfirm(chosen)}
        >
          {planEndMessages.cancelConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The plans screen's "Cancel plan now": `start` opens the dialog; `dialog` is the element to render. */
export function useCancelPlanFlow() {
  const cancel = useCancelPlan();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = (closeJobIds: string[]) => {
    setError(null);
    cancel.mutate(
      { closeJobIds },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(planEndMessages.cancelled);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const dialog = (
    <CancelPlanDialog
      open={open}
      busy={cancel.isPending}
      error={error}
      onConfirm={confirm}
      onClose={() => {
        setOpen(false);
        setError(null);
      }}
    />
  );
  return { start: () => setOpen(true), dialog };
}

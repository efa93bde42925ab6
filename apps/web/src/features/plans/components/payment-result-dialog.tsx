import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { billingMessages } from '@hirecast/domain/billing';

export const PAYMENT_SUCCESS_TITLE = 'Your plan is ready';
export const PAYMENT_FAILURE_TITLE = 'Payment unsuccessful';

/** A change of a live plan (spec 2 §4: /billing/update, then /plans?success=1&change=…). */
export type TPlanChangeKind = 'increase' | 'decrease' | 'switch';

// Issue 23 item 3: a change of a live plan takes no payment then (the difference goes on the next invoice),
// so its confirmation speaks of the change.
const PRORATION: Record<TPlanChangeKind, string> = {
  increase: 'The difference is charged pro rata on your next invoice.',
  decrease: 'The difference is credited pro rata on your next invoice.',
  switch: 'The difference is charged or credited pro rata on your next invoice.',
};

function successText({
  change,
  planSummary,
  remainingJobs,
}: {
  change: TPlanChangeKind | null;
  planSummary: string | null;
  remainingJobs: number;
}) {
  const now = planSummary ? `Your company is now on ${planSummary}.` : '';
  const room =
    remainingJobs > 0
      ? `${remainingJobs} more ${remainingJobs === 1 ? 'job' : 'jobs'} can go live straight away.`
      : 'Every active job of your plan is in use: close one before you publish another.';
  const lead = change ? PRORATION[change] : 'Thank you for your payment.';
  return change ? [now, lead, room] : [lead, now, room];
}

// spec 2 §2 Plans: /plans?success=1 shows a success dialog, success=0 the unsuccessful-payment one (§8).
export function PaymentResultDialog({
  result,
  change,
  planSummary,
  remainingJobs,
  onClose,
  onGoToJobs,
  onTryAgain,
}: {
  result: 'success' | 'failure' | null;
  /** Set when the success is a change of a live plan rather than a purchase. */
  change: TPlanChangeKind | null;
  /** The plan the company is on now, once known ("Video First Complete, 5 active jobs"). */
  planSummary: string | null;
  /** How many more jobs may go live now (spec 1 §4: the first job does not count). */
  remainingJobs: number;
  onClose: () => void;
  onGoToJobs: () => void;
  onTryAgain: () => void;
}) {
  const titleId = useId();
  const success = result === 'success';
  const title = !success
    ? PAYMENT_FAILURE_TITLE
    : change
      ? billingMessages.planChanged
      : PAYMENT_SUCCESS_TITLE;
  return (
    <Dialog open={result !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        {success ? (
          <CheckCircleOutline color="success" aria-hidden="true" />
        ) : (
          <ErrorOutline color="error" aria-hidden="true" />
        )}
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {success
            ? successText({ change, planSummary, remainingJobs }).filter(Boolean).join(' ')
            : billingMessages.paymentFailed}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {success ? (
          <Button variant="contained" onClick={onGoToJobs} autoFocus>
            Go to Jobs
          </Button>
        ) : (
          <Button variant="contained" onClick={onTryAgain} autoFocus>
            Try again
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

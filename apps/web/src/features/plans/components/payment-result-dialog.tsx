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

// spec 2 §2 Plans: /plans?success=1 shows a success dialog, success=0 the unsuccessful-payment one (§8).
export function PaymentResultDialog({
  result,
  planSummary,
  onClose,
  onGoToJobs,
  onTryAgain,
}: {
  result: 'success' | 'failure' | null;
  /** The plan the company is on now, once known ("Video First Complete, 5 active jobs"). */
  planSummary: string | null;
  onClose: () => void;
  onGoToJobs: () => void;
  onTryAgain: () => void;
}) {
  const titleId = useId();
  const success = result === 'success';
  return (
    <Dialog open={result !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        {success ? (
          <CheckCircleOutline color="success" aria-hidden="true" />
        ) : (
          <ErrorOutline color="error" aria-hidden="true" />
        )}
        {success ? PAYMENT_SUCCESS_TITLE : PAYMENT_FAILURE_TITLE}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {success
            ? `Thank you for your payment.${planSummary ? ` Your company is now on ${planSummary}.` : ''} You can publish more jobs straight away.`
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

import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  formatPounds,
  monthlyPence,
  planChangeRefusal,
  type TBillingState,
  type TPlanProduct,
} from '@hirecast/domain/billing';
import type { TPlanCardState } from '@hirecast/domain/plan-cards';
import { jobsLabel, paidPlanSummary } from './plan-summary.ts';

export type TPlanChange = {
  product: TPlanProduct;
  amount: number;
  kind: TPlanCardState['kind'];
};

export const CONFIRM_CHANGE_LABEL = 'Confirm change';

const TITLES: Record<TPlanChange['kind'], string> = {
  increase: 'Increase your active jobs?',
  decrease: 'Decrease your active jobs?',
  switch: 'Switch your plan?',
  subscribe: 'Change your plan?',
  current: 'Change your plan?',
  contact: 'Change your plan?',
};

// spec 2 §4 Checkout: an existing customer's subscription is changed at once (POST /billing/update), charged
// to the card on file, so the person confirms the new price first. Issue 23 item 3: a plan with fewer active
// jobs than are live now is refused (the server says the same, 409): the dialog says how many to close first.
export function ChangePlanDialog({
  change,
  billing,
  busy,
  error,
  onConfirm,
  onClose,
  onExited,
}: {
  change: TPlanChange | null;
  billing: TBillingState;
  busy: boolean;
  /** The server's refusal of the last attempt (another tab published a job meanwhile, say). */
  error: string | null;
  onConfirm: (change: TPlanChange) => void;
  onClose: () => void;
  /** Once the dialog has gone: a dialog that opens next must not overlap its closing (MUI modal focus). */
  onExited: () => void;
}) {
  const titleId = useId();
  // The last change stays on screen while the dialog fades out.
  const [shown, setShown] = useState(change);
  if (change && change !== shown) setShown(change);
  const total = shown ? monthlyPence(shown.product.prices, shown.amount) : null;
  const refusal =
    shown && shown.kind !== 'increase'
      ? planChangeRefusal({ activeJobs: billing.activeJobs, jobs: shown.amount })
      : null;
  const problem = error ?? refusal;
  return (
    <Dialog
      open={change !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      {shown && (
        <>
          <DialogTitle id={titleId}>{TITLES[shown.kind]}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {`From ${paidPlanSummary(billing) ?? 'the free plan'} to ${shown.product.name}, ${jobsLabel(shown.amount)}`}
              {total === null ? '.' : ` for ${formatPounds(total)} per month.`} The difference is charged or
              credited pro rata on your next invoice.
            </DialogContentText>
            {problem && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy} autoFocus={refusal !== null}>
              Cancel
            </Button>
            <Button
              variant="contained"
              loading={busy}
              disabled={refusal !== null}
              onClick={() => onConfirm(shown)}
              autoFocus={refusal === null}
            >
              {CONFIRM_CHANGE_LABEL}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatPounds, monthlyPence, type TBillingState, type TPlanProduct } from '@hirecast/domain/billing';
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
// to the card on file, so the person confirms the new price first; a downgrade below the jobs already live
// says what it means for publishing (spec 1 §4: live jobs stay live, new ones wait).
export function ChangePlanDialog({
  change,
  billing,
  busy,
  onConfirm,
  onClose,
}: {
  change: TPlanChange | null;
  billing: TBillingState;
  busy: boolean;
  onConfirm: (change: TPlanChange) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const total = change ? monthlyPence(change.product.prices, change.amount) : null;
  const over = change ? billing.activeJobs - change.amount : 0;
  return (
    <Dialog open={change !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {change && (
        <>
          <DialogTitle id={titleId}>{TITLES[change.kind]}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {`From ${paidPlanSummary(billing) ?? 'the free plan'} to ${change.product.name}, ${jobsLabel(change.amount)}`}
              {total === null ? '.' : ` for ${formatPounds(total)} per month.`} The difference is charged or
              credited pro rata on your next invoice.
            </DialogContentText>
            {over > 0 && (
              <DialogContentText sx={{ mt: 1.5, color: 'warning.dark' }}>
                {`You have ${jobsLabel(billing.activeJobs)} besides your first job. They stay live, but you cannot publish another job until fewer than ${change.amount} are live.`}
              </DialogContentText>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" loading={busy} onClick={() => onConfirm(change)} autoFocus>
              {CONFIRM_CHANGE_LABEL}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

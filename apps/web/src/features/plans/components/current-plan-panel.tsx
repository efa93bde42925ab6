import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { remainingActiveJobs, type TBillingState } from '@hirecast/domain/billing';
import { planEndMessages } from '@hirecast/domain/plan-end';
import { jobsLabel } from './plan-summary.ts';

export const MANAGE_BILLING_LABEL = 'Billing management';

// The company's plan now (spec 2 §3 Subscription) and, for admins with an active subscription, the billing
// management entry (spec 2 §6).
export function CurrentPlanPanel({
  billing,
  endsOn,
  onManageBilling,
  managing,
  onCancelPlan,
}: {
  billing: TBillingState;
  endsOn: string | null;
  onManageBilling: (() => void) | null;
  managing: boolean;
  /** Issue 33 item 5: admins with an active plan can end it now (the dialog asks which jobs close). */
  onCancelPlan?: (() => void) | null;
}) {
  const sub = billing.subscription?.active ? billing.subscription : null;
  const remaining = remainingActiveJobs(billing.plan, billing.activeJobs);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Your plan"
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          Your plan
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {sub
            ? `${billing.plan.name} · ${jobsLabel(sub.jobs)}`
            : billing.legacyPlan
              ? `${billing.plan.name} · ${jobsLabel(billing.plan.activeJobLimit)} from before plans`
              : `${billing.plan.name} · first job free forever`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${jobsLabel(billing.activeJobs)} live besides your first job · `}
          {remaining === 0 ? 'no more can go live' : `${remaining} more can go live`}
          {endsOn ? ` · ends on ${endsOn}` : ''}
        </Typography>
      </Box>
      {onCancelPlan && (
        <Button color="error" onClick={onCancelPlan} sx={{ flexShrink: 0 }}>
          {planEndMessages.cancelConfirm}
        </Button>
      )}
      {onManageBilling && (
        <Button variant="outlined" onClick={onManageBilling} loading={managing} sx={{ flexShrink: 0 }}>
          {MANAGE_BILLING_LABEL}
        </Button>
      )}
    </Paper>
  );
}

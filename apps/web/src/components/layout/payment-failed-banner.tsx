import { Link as RouterLink } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { billingMessages } from '@hirecast/domain/billing';
import { ROLES } from '@hirecast/domain/constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useOpenBillingPortal, useSubscription } from '../../lib/billing.ts';

// Issue 13: when the company's last invoice failed (Stripe retries it meanwhile), the people who can act on
// it are told in every page: admins get the billing management entry, job managers are sent to their admin.
// Viewers cannot open plans (spec 2 §6), so they are not shown it.
export function PaymentFailedBanner({ me }: { me: TManager }) {
  const isMember = me.role === ROLES.admin || me.role === ROLES.jobManager;
  const { data: billing } = useSubscription(isMember ? me._company : null);
  const portal = useOpenBillingPortal();
  if (!isMember || !billing?.subscription?.paymentFailed) return null;
  return (
    <Alert
      severity="error"
      sx={{
        borderRadius: 0,
        justifyContent: 'center',
        alignItems: 'center',
        '& .MuiAlert-message': { flex: '0 1 auto', overflowWrap: 'anywhere' },
        '& .MuiAlert-action': { pt: 0, ml: { xs: 1, sm: 2 } },
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
      }}
      action={
        billing.canManageBilling ? (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => portal.mutate()}
            loading={portal.isPending}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Update payment
          </Button>
        ) : (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            component={RouterLink}
            to="/plans"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            See plan
          </Button>
        )
      }
    >
      {billingMessages.paymentFailedBanner}
    </Alert>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ROLES } from '@hirecast/domain/constants';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { subscriptionQueryOptions } from '../../../lib/billing.ts';
import { useMe } from '../../../lib/me.ts';
import { useBillingFeatures } from '../api/get-billing-features.ts';
import { PlansNoAccess } from '../components/plans-no-access.tsx';
import { PlansView } from '../components/plans-view.tsx';

// After a checkout the provider's event may reach the server a moment after the browser comes back: read the
// subscription again every 2 s until it is live.
const AWAIT_PAYMENT_POLL_MS = 2000;

// /plans (spec 2 §2): viewers get the no-access page; everyone else sees the plans, only admins change them.
export function Component() {
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const isViewer = (me?.role ?? ROLES.viewer) === ROLES.viewer;
  const companyId = isViewer ? null : (me?._company ?? null);
  const paid = params.get('success') === '1';
  const billing = useQuery({
    ...subscriptionQueryOptions(companyId),
    refetchInterval: (query) =>
      paid && !query.state.data?.subscription?.active ? AWAIT_PAYMENT_POLL_MS : false,
  });
  const catalogue = useBillingFeatures();

  // The private guard renders this page only once `me` is there.
  if (!me) return <PageLoader label="Loading plans" />;
  if (isViewer) return <PlansNoAccess />;

  const failed = billing.isError ? billing : catalogue.isError ? catalogue : null;
  if (failed) {
    return (
      <Alert
        severity="error"
        sx={{ maxWidth: 720, mx: 'auto' }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void billing.refetch();
              void catalogue.refetch();
            }}
          >
            Try again
          </Button>
        }
      >
        {errorMessage(failed.error)}
      </Alert>
    );
  }
  if (!billing.data || !catalogue.data) return <PageLoader label="Loading plans" />;
  return <PlansView me={me} billing={billing.data} catalogue={catalogue.data} />;
}

import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import type { TManager } from '@hirecast/domain/auth';
import {
  billingMessages,
  pricedJobs,
  remainingActiveJobs,
  type TBillingFeatures,
  type TBillingState,
} from '@hirecast/domain/billing';
import { ROLES } from '@hirecast/domain/constants';
import {
  initialJobChoice,
  jobChoices,
  planCardAction,
  planCardState,
  type TJobChoice,
} from '@hirecast/domain/plan-cards';
import { useOpenBillingPortal } from '../../../lib/billing.ts';
import { useCancelPlanFlow } from './cancel-plan-dialog.tsx';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { CurrentPlanPanel } from './current-plan-panel.tsx';
import { CustomPlanDialog } from './custom-plan-dialog.tsx';
import { FeaturesTable } from './features-table.tsx';
import { JobCountPicker } from './job-count-picker.tsx';
import { PaymentResultDialog } from './payment-result-dialog.tsx';
import { PlanCard } from './plan-card.tsx';
import { cardSubscription, jobsLabel, paidPlanSummary, planEndsOn } from './plan-summary.ts';
import { useMostlyHidden } from './use-mostly-hidden.ts';
import { usePaymentResult, usePlanPurchase } from './use-plan-purchase.ts';

export const CHANGE_PLAN_LABEL = 'Change plan';

type TProps = { me: TManager; billing: TBillingState; catalogue: TBillingFeatures };

// spec 2 §2 Plans (/plans): the job picker, one card per plan, the features table, the payment result dialogs
// and the custom plan request. Card states come from the pure rule in packages/domain/src/plan-cards.ts.
export function PlansView({ me, billing, catalogue }: TProps) {
  const navigate = useNavigate();
  const isAdmin = me.role === ROLES.admin;
  const { products } = catalogue;
  const subscription = cardSubscription(billing);
  const choices = jobChoices(products.map((p) => pricedJobs(p.prices)));
  const largestCount = Math.max(0, ...choices.filter((c): c is number => c !== 'more'));
  const [picked, setPicked] = useState<TJobChoice | null>(null);
  const chosen = picked ?? initialJobChoice({ choices, subscription, activeJobs: billing.activeJobs });

  const portal = useOpenBillingPortal();
  const purchase = usePlanPurchase();
  const { busyProduct, change, changed } = purchase;
  const [contactAbout, setContactAbout] = useState<string | null>(null);
  const cancelFlow = useCancelPlanFlow();

  const plansRef = useRef<HTMLDivElement>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const plansOutOfView = useMostlyHidden(plansRef);

  const { result, resultChange, closeResult } = usePaymentResult();

  const backToPlans = () => {
    plansRef.current?.scrollIntoView?.({ block: 'start' });
    pickerRef.current?.querySelector<HTMLElement>('input:checked')?.focus({ preventScroll: true });
  };

  return (
    <Box sx={{ maxWidth: 1120, mx: 'auto', pb: 10 }}>
      <title>Plans · Hirecast</title>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2rem' } }}
      >
        Plans
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick how many jobs you want live at the same time and the plan that fits how you hire.
      </Typography>

      {!isAdmin && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to="/settings?tab=team" color="inherit" size="small">
              Team members
            </Button>
          }
        >
          {billingMessages.adminOnly}
        </Alert>
      )}

      {/* Decision 025: a company from before plans keeps its old limit until an admin picks a plan. */}
      {isAdmin && billing.legacyPlan && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {billingMessages.legacyPlanNotice}
        </Alert>
      )}

      <CurrentPlanPanel
        billing={billing}
        endsOn={planEndsOn(billing)}
        onManageBilling={isAdmin && billing.canManageBilling ? () => portal.mutate() : null}
        managing={portal.isPending}
        onCancelPlan={isAdmin && billing.canManageBilling ? cancelFlow.start : null}
      />
      {cancelFlow.dialog}

      <Box
        ref={plansRef}
        component="section"
        aria-label="Plans"
        sx={{ display: 'flex', flexDirection: 'column', gap: 3, mt: 4, scrollMarginTop: 88 }}
      >
        <JobCountPicker choices={choices} value={chosen} onChange={setPicked} groupRef={pickerRef} />
        {products.length === 0 ? (
          <Alert severity="info">No plans are on offer at the moment. Please contact us.</Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, md: 3 },
              gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(products.length, 3)}, 1fr)` },
            }}
          >
            {products.map((product) => {
              const state = planCardState({
                productId: product.id,
                pricedJobs: pricedJobs(product.prices),
                chosen,
                subscription,
                activeJobs: billing.activeJobs,
              });
              const onAction = () => {
                const action = planCardAction(state);
                if (action === 'contact') {
                  setContactAbout(
                    chosen === 'more'
                      ? `${product.name}, more than ${jobsLabel(largestCount)}`
                      : `${product.name}, ${jobsLabel(chosen)}`,
                  );
                } else if (typeof chosen === 'number') {
                  if (action === 'checkout') purchase.buy(product, chosen);
                  if (action === 'update') {
                    purchase.ask({ product, amount: chosen, kind: state.kind });
                  }
                }
              };
              return (
                <PlanCard
                  key={product.id}
                  product={product}
                  chosen={chosen}
                  largestCount={largestCount}
                  state={state}
                  canChange={isAdmin}
                  busy={busyProduct === product.id && !change}
                  endsOn={state.kind === 'current' ? planEndsOn(billing) : null}
                  onAction={onAction}
                />
              );
            })}
          </Box>
        )}
      </Box>

      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 6, mb: 2 }}>
        Compare features
      </Typography>
      <FeaturesTable
        products={products}
        features={catalogue.features}
        canAct={isAdmin}
        onFeatureAction={(feature) => setContactAbout(feature.name)}
      />

      {isAdmin && plansOutOfView && (
        <Button
          variant="contained"
          size="large"
          startIcon={<ArrowUpward />}
          onClick={backToPlans}
          sx={{
            position: 'fixed',
            zIndex: 1050,
            bottom: { xs: 16, sm: 24 },
            right: { xs: 16, sm: 24 },
            left: { xs: 16, sm: 'auto' },
            boxShadow: '0 8px 24px rgba(30, 37, 34, 0.24)',
          }}
        >
          {CHANGE_PLAN_LABEL}
        </Button>
      )}

      <ChangePlanDialog
        change={change}
        billing={billing}
        busy={purchase.updating}
        error={purchase.changeError}
        onConfirm={purchase.applyChange}
        onClose={purchase.closeChange}
        onExited={() => {
          if (!changed) return;
          purchase.clearChanged();
          void navigate(`/plans?success=1&change=${changed}`);
        }}
      />
      <CustomPlanDialog
        open={contactAbout !== null}
        plan={contactAbout ?? ''}
        name={`${me.firstName} ${me.lastName}`.trim()}
        email={me.email}
        onClose={() => setContactAbout(null)}
      />
      <PaymentResultDialog
        result={result}
        change={resultChange}
        planSummary={paidPlanSummary(billing)}
        remainingJobs={remainingActiveJobs(billing.plan, billing.activeJobs)}
        onClose={closeResult}
        onGoToJobs={() => void navigate('/jobs')}
        onTryAgain={() => {
          closeResult();
          backToPlans();
        }}
      />
    </Box>
  );
}

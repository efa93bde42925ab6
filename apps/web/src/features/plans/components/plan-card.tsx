import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { formatPounds, monthlyPence, perJobPence, type TPlanProduct } from '@hirecast/domain/billing';
import type { TJobChoice, TPlanCardState } from '@hirecast/domain/plan-cards';
import { jobsLabel } from './plan-summary.ts';

export const CARD_ACTION_LABELS = {
  subscribe: 'Choose plan',
  increase: 'Increase',
  decrease: 'Decrease',
  switch: 'Switch',
  contact: 'Contact us',
} as const;

type TProps = {
  product: TPlanProduct;
  chosen: TJobChoice;
  /** The largest count any plan has a price for: 'more' means more than this. */
  largestCount: number;
  state: TPlanCardState;
  /** Only admins change plans (spec 2 §6): everyone else sees the states without the buttons working. */
  canChange: boolean;
  busy: boolean;
  /** A date the current plan ends on (a cancellation at the end of the period), already formatted. */
  endsOn: string | null;
  onAction: () => void;
};

// spec 2 §2 Plans, §4 Plan card states, §9: one plan for the picked number of active jobs, with the total per
// month and the price per active job in pounds.
export function PlanCard({
  product,
  chosen,
  largestCount,
  state,
  canChange,
  busy,
  endsOn,
  onAction,
}: TProps) {
  const titleId = useId();
  const total = chosen === 'more' ? null : monthlyPence(product.prices, chosen);
  const isCurrent = state.kind === 'current';
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: { xs: 2.5, sm: 3 },
        borderRadius: 3,
        borderTop: `6px solid ${product.borderColor}`,
        borderColor: isCurrent ? product.borderColor : undefined,
        borderWidth: isCurrent ? 2 : undefined,
        borderTopWidth: 6,
      }}
    >
      <Box>
        <Typography id={titleId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {product.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, minHeight: { md: '3.1em' } }}>
          {product.description}
        </Typography>
      </Box>

      {total === null ? (
        <Box>
          <Typography sx={{ fontSize: '2rem', fontWeight: 750, lineHeight: 1.2 }}>Custom</Typography>
          <Typography variant="body2" color="text.secondary">
            {chosen === 'more'
              ? `More than ${jobsLabel(largestCount)}: we'll make you a plan.`
              : `${jobsLabel(chosen)}: we'll make you a plan.`}
          </Typography>
        </Box>
      ) : (
        <Box>
          <Typography sx={{ lineHeight: 1.2 }}>
            <Box component="span" sx={{ fontSize: '2rem', fontWeight: 750 }}>
              {formatPounds(total)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              per month
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatPounds(perJobPence(total, chosen as number))} per active job ·{' '}
            {jobsLabel(chosen as number)}
          </Typography>
        </Box>
      )}

      <Box sx={{ mt: 'auto' }}>
        {state.kind === 'current' ? (
          <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            <Chip
              icon={<CheckCircle />}
              label="Current plan"
              color="success"
              variant="outlined"
              sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
            />
            <Typography variant="body2">
              {state.remainingJobs === 0
                ? 'No active jobs remaining'
                : `${jobsLabel(state.remainingJobs)} remaining`}
            </Typography>
            {endsOn && (
              <Typography variant="body2" color="text.secondary">
                Ends on {endsOn}
              </Typography>
            )}
          </Box>
        ) : (
          <Button
            fullWidth
            size="large"
            variant={state.kind === 'decrease' || state.kind === 'contact' ? 'outlined' : 'contained'}
            disabled={!canChange}
            loading={busy}
            onClick={onAction}
            aria-describedby={titleId}
          >
            {CARD_ACTION_LABELS[state.kind]}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

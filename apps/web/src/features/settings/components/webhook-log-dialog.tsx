import { useId } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TWebhookDelivery, TWebhookEndpoint } from '@hirecast/domain/webhooks';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeliveries, useRedeliver, useSendTestEvent } from '../api/webhook-deliveries.ts';

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

const STATE_LABELS: Record<TWebhookDelivery['state'], string> = {
  pending: 'Waiting to retry',
  queued: 'On its way',
  delivering: 'On its way',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** An endpoint's delivery log (issue 35): each event, its attempts, "Redeliver" and "Send test event". */
export function DeliveryLogDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const log = useDeliveries(endpoint._id);
  const redeliver = useRedeliver(endpoint._id);
  const test = useSendTestEvent();
  const fail = (err: unknown) => toast.error(errorMessage(err));
  const isChat = endpoint.kind !== 'webhook';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Delivery log</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Typography>
        {log.isError ? (
          <Alert severity="error">{errorMessage(log.error)}</Alert>
        ) : !log.data ? (
          <PageLoader label="Loading the delivery log" />
        ) : log.data.length === 0 ? (
          <Typography color="text.secondary">Nothing delivered yet.</Typography>
        ) : (
          <Box
            component="ol"
            aria-label="Deliveries"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, alignContent: 'start' }}
          >
            {log.data.map((delivery) => (
              <Paper key={delivery._id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                  <Typography component="h3" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                    {delivery.eventType}
                  </Typography>
                  <Typography
                    variant="body2"
                    color={delivery.state === 'failed' ? 'error' : 'text.secondary'}
                  >
                    {STATE_LABELS[delivery.state]}
                    {delivery.nextAttemptAt && ` · next try ${formatTime(delivery.nextAttemptAt)}`}
                  </Typography>
                  <Box sx={{ flex: 1 }} />
                  <Button
                    size="small"
                    disabled={redeliver.isPending || !endpoint.enabled}
                    onClick={() =>
                      redeliver.mutateAsync(delivery._id).then(() => toast.success('Sent again'), fail)
                    }
                  >
                    Redeliver
                  </Button>
                </Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  Event {delivery.eventId}
                </Typography>
                {delivery.attempts.map((a) => (
                  <Typography key={a.attempt} variant="body2" component="p" sx={{ wordBreak: 'break-word' }}>
                    Attempt {a.attempt} · {formatTime(a.at)} · {a.statusCode ?? 'no answer'} · {a.durationMs}{' '}
                    ms
                    {a.error && ` · ${a.error}`}
                    {a.response && (
                      <Box
                        component="span"
                        sx={{ display: 'block', fontFamily: 'monospace', color: 'text.secondary' }}
                      >
                        {a.response}
                      </Box>
                    )}
                  </Typography>
                ))}
              </Paper>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!endpoint.enabled || test.isPending}
          onClick={() =>
            test
              .mutateAsync(endpoint._id)
              .then(() => toast.success(isChat ? 'Test message sent' : 'Test event sent'), fail)
          }
        >
          {isChat ? 'Send a test message' : 'Send test event'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

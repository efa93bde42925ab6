import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@hirecast/domain/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSendTestEvent } from '../api/webhook-deliveries.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks.ts';
import { DeliveryLogDialog, formatTime } from './webhook-log-dialog.tsx';

/** Settings › Integrations › Webhooks (issue 35): signed HTTP calls to the company's own systems. */
export function WebhooksSection({ companyId }: { companyId: string }) {
  const list = useWebhooks(companyId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = (list.data ?? []).filter((e) => e.kind === 'webhook');
  return (
    <FormSection
      title="Webhooks"
      description="Hirecast calls your URL when something happens (a new application, a completed interview…), signed as the Standard Webhooks specification describes, so your systems can verify each call."
      action={
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      }
    >
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      ) : !list.data ? (
        <PageLoader label="Loading the webhooks" />
      ) : endpoints.length === 0 ? (
        <Typography color="text.secondary">No endpoints yet.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Webhook endpoints"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint._id} endpoint={endpoint} companyId={companyId} onSecret={setSecret} />
          ))}
        </Box>
      )}
      <AddEndpointDialog
        open={adding}
        companyId={companyId}
        onClose={() => setAdding(false)}
        onCreated={(created) => {
          setAdding(false);
          if (created.secret) setSecret({ url: created.url, secret: created.secret });
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </FormSection>
  );
}

export function LastDelivery({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) return <>No deliveries yet</>;
  return (
    <>
      Last delivery {formatTime(last.at)}: {last.ok ? 'delivered' : 'failed'}
      {last.statusCode !== null && ` (${last.statusCode})`}
    </>
  );
}

export function StatusChip({ endpoint }: { endpoint: TWebhookEndpoint }) {
  return endpoint.enabled ? (
    <Chip size="small" color="success" variant="outlined" label="Enabled" />
  ) : (
    <Chip size="small" color="default" variant="outlined" label="Disabled" />
  );
}

function EndpointRow({
  endpoint,
  companyId,
  onSecret,
}: {
  endpoint: TWebhookEndpoint;
  companyId: string;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const [log, setLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const update = useUpdateWebhook(companyId);
  const remove = useDeleteWebhook(companyId);
  const rotate = useRotateWebhookSecret(companyId);
  const test = useSendTestEvent();
  const fail = (err: unknown) => toast.error(errorMessage(err));
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          component="h3"
          sx={{ fontFamily: 'monospace', fontSize: '0.95rem', wordBreak: 'break-all', flex: '1 1 240px' }}
        >
          {endpoint.url}
        </Typography>
        <StatusChip endpoint={endpoint} />
      </Box>
      {endpoint.description && <Typography variant="body2">{endpoint.description}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {endpoint.events.length === WEBHOOK_EVENT_TYPES.length
          ? 'All events'
          : `${endpoint.events.length} of ${WEBHOOK_EVENT_TYPES.length} events`}
        {' · '}
        <LastDelivery endpoint={endpoint} />
      </Typography>
      {endpoint.disabledReason && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {endpoint.disabledReason}
        </Alert>
      )}
      {endpoint.previousSecretExpiresAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          The previous secret also signs until {formatTime(endpoint.previousSecretExpiresAt)}.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={() => setLog(true)}>
          Delivery log
        </Button>
        <Button
          size="small"
          disabled={!endpoint.enabled || test.isPending}
          onClick={() => test.mutateAsync(endpoint._id).then(() => toast.success('Test event sent'), fail)}
        >
          Send test event
        </Button>
        <Button size="small" onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button
          size="small"
          onClick={() =>
            update
              .mutateAsync({ id: endpoint._id, body: { enabled: !endpoint.enabled } })
              .then(() => toast.success(endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled'), fail)
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </Box>
      {log && <DeliveryLogDialog endpoint={endpoint} onClose={() => setLog(false)} />}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutateAsync(endpoint._id).then((r) => {
            if (r.secret) onSecret({ url: r.url, secret: r.secret });
          }, fail)
        }
      >
        A new secret signs every call from now on. The current one keeps signing beside it for 24 hours, so
        your receiver can switch over without missing a call.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        destructive
        onClose={() => setConfirm(null)}
        onConfirm={() => remove.mutateAsync(endpoint._id).then(() => toast.success('Endpoint deleted'), fail)}
      >
        {endpoint.url} will get no more calls, and its delivery log goes with it.
      </ConfirmDialog>
    </Paper>
  );
}

function AddEndpointDialog({
  open,
  companyId,
  onClose,
  onCreated,
}: {
  open: boolean;
  companyId: string;
  onClose: () => void;
  onCreated: (created: { url: string; secret: string | null }) => void;
}) {
  const titleId = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['application.created', 'interview.completed']);
  const create = useCreateWebhook(companyId);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const close = () => {
    create.reset();
    onClose();
  };
  const toggle = (event: TWebhookEventType, on: boolean) =>
    setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)));
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutateAsync({ kind: 'webhook', url: url.trim(), description, events }).then(
            (created) => {
              setUrl('');
              setDescription('');
              onCreated(created);
            },
            () => {},
          );
        }}
      >
        <DialogTitle id={titleId}>Add a webhook endpoint</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Endpoint URL"
            placeholder="https://example.com/hirecast/webhooks"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              // The refusal was about the URL as it was.
              if (create.isError) create.reset();
            }}
            error={Boolean(fields.url)}
            helperText={fields.url}
            required
            autoFocus
            fullWidth
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            fullWidth
          />
          <FormControl component="fieldset" error={Boolean(fields.events)}>
            <FormLabel component="legend">Events to send</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {WEBHOOK_EVENT_TYPES.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      checked={events.includes(event)}
                      onChange={(e) => toggle(event, e.target.checked)}
                    />
                  }
                  label={WEBHOOK_EVENT_LABELS[event]}
                />
              ))}
            </FormGroup>
            {fields.events && <FormHelperText>{fields.events}</FormHelperText>}
          </FormControl>
          {create.isError && !fields.url && !fields.events && (
            <Alert severity="error">{errorMessage(create.error)}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add endpoint
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function SecretDialog({
  shown,
  onClose,
}: {
  shown: { url: string; secret: string } | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={shown !== null} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Your signing secret</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          Copy it now: it is shown this once. Your receiver verifies each call to {shown?.url} with it.
        </DialogContentText>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Signing secret"
            value={shown?.secret ?? ''}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
            sx={{ flex: '1 1 260px' }}
          />
          <Button
            variant="outlined"
            sx={{ mt: 1 }}
            onClick={() =>
              navigator.clipboard.writeText(shown?.secret ?? '').then(
                () => toast.success('Secret copied'),
                () => toast.error('Copy did not work: select the secret and copy it'),
              )
            }
          >
            Copy
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

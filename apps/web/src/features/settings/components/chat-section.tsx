import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TWebhookEndpoint } from '@hirecast/domain/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useChannelJobs } from '../api/channel-jobs.ts';
import { useSendTestEvent } from '../api/webhook-deliveries.ts';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks.ts';
import { DeliveryLogDialog } from './webhook-log-dialog.tsx';
import { LastDelivery, StatusChip } from './webhooks-section.tsx';

const KIND_LABELS = { slack: 'Slack', teams: 'Microsoft Teams' } as const;
type TChatKind = keyof typeof KIND_LABELS;

/**
 * Settings › Integrations › Slack and Microsoft Teams (issue 35 item 3): a channel's incoming-webhook URL is told
 * about new applications, completed interviews and status changes.
 */
export function ChatSection({ companyId }: { companyId: string }) {
  const list = useWebhooks(companyId);
  const channels = (list.data ?? []).filter((e) => e.kind !== 'webhook');
  return (
    <FormSection
      title="Slack and Microsoft Teams"
      description="Post new applications, completed interviews and status changes to a channel, with a link to the applicant."
    >
      <AddChannelForm companyId={companyId} />
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : !list.data ? (
        <PageLoader label="Loading the channels" />
      ) : channels.length === 0 ? (
        <Typography color="text.secondary">No channels yet.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Channels"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {channels.map((channel) => (
            <ChannelRow key={channel._id} channel={channel} companyId={companyId} />
          ))}
        </Box>
      )}
    </FormSection>
  );
}

function AddChannelForm({ companyId }: { companyId: string }) {
  const [kind, setKind] = useState<TChatKind>('slack');
  const [url, setUrl] = useState('');
  const [idsOnly, setIdsOnly] = useState(false);
  // A channel follows every job, or one (its own team's channel).
  const [jobId, setJobId] = useState('');
  const jobs = useChannelJobs();
  const create = useCreateWebhook(companyId);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  return (
    <Box
      component="form"
      noValidate
      aria-label="Add a channel"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutateAsync({ kind, url: url.trim(), idsOnly, jobId: jobId || null }).then(
          () => {
            setUrl('');
            toast.success(`${KIND_LABELS[kind]} channel added`);
          },
          () => {},
        );
      }}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        alignItems: 'start',
      }}
    >
      <TextField select label="App" value={kind} onChange={(e) => setKind(e.target.value as TChatKind)}>
        {Object.entries(KIND_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Incoming webhook URL"
        placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://…/workflows/…'}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={Boolean(fields.url)}
        helperText={fields.url ?? (create.isError ? errorMessage(create.error) : undefined)}
        required
      />
      <TextField
        select
        label="Jobs"
        value={jobId}
        onChange={(e) => setJobId(e.target.value)}
        sx={{ gridColumn: { sm: '1 / -1' } }}
        helperText={jobs.isError ? errorMessage(jobs.error) : undefined}
        error={jobs.isError}
      >
        <MenuItem value="">Every job</MenuItem>
        {(jobs.data ?? []).map((job) => (
          <MenuItem key={job._id} value={job._id}>
            {job.title}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        sx={{ gridColumn: { sm: '1 / -1' } }}
        control={<Switch checked={idsOnly} onChange={(e) => setIdsOnly(e.target.checked)} />}
        label="Ids only (no candidate names in the channel)"
      />
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Add channel
        </Button>
      </Box>
    </Box>
  );
}

function ChannelRow({ channel, companyId }: { channel: TWebhookEndpoint; companyId: string }) {
  const switchId = useId();
  const [log, setLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateWebhook(companyId);
  const remove = useDeleteWebhook(companyId);
  const test = useSendTestEvent();
  const fail = (err: unknown) => toast.error(errorMessage(err));
  const label = KIND_LABELS[channel.kind as TChatKind];
  const jobs = useChannelJobs();
  const jobTitle = channel.jobId ? jobs.data?.find((j) => j._id === channel.jobId)?.title : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <StatusChip endpoint={channel} />
      </Box>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {channel.url}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {channel.jobId ? (jobTitle ? `Job: ${jobTitle}` : 'One job') : 'Every job'} ·{' '}
        <LastDelivery endpoint={channel} />
      </Typography>
      {channel.disabledReason && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {channel.disabledReason}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch
            id={switchId}
            checked={channel.idsOnly}
            onChange={(e) =>
              update.mutateAsync({ id: channel._id, body: { idsOnly: e.target.checked } }).catch(fail)
            }
          />
        }
        label="Ids only"
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={!channel.enabled || test.isPending}
          onClick={() => test.mutateAsync(channel._id).then(() => toast.success('Test message sent'), fail)}
        >
          Send a test message
        </Button>
        <Button size="small" onClick={() => setLog(true)}>
          Delivery log
        </Button>
        <Button
          size="small"
          onClick={() =>
            update.mutateAsync({ id: channel._id, body: { enabled: !channel.enabled } }).catch(fail)
          }
        >
          {channel.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </Box>
      {log && <DeliveryLogDialog endpoint={channel} onClose={() => setLog(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title={`Remove this ${label} channel?`}
        confirmLabel="Remove"
        destructive
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutateAsync(channel._id).then(() => toast.success('Channel removed'), fail)}
      >
        The channel will get no more messages from Hirecast.
      </ConfirmDialog>
    </Paper>
  );
}

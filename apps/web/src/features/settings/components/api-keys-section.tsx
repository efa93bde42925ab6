import { useState } from 'react';
import dayjs from 'dayjs';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { API_KEY_SCOPE_LABELS, type TApiKey } from '@hirecast/domain/api-keys';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

// Issue 35 item 1: Settings › Integrations › API keys. The list shows each key's visible prefix, never the key.

const when = (value: string | null, never = 'Never') =>
  value ? dayjs(value).format('D MMM YYYY, HH:mm') : never;

const stateOf = (key: TApiKey): { label: string; color: 'success' | 'default' | 'warning' } =>
  key.revokedAt
    ? { label: 'Revoked', color: 'default' }
    : key.expiresAt && Date.parse(key.expiresAt) <= Date.now()
      ? { label: 'Expired', color: 'warning' }
      : { label: 'Active', color: 'success' };

const isLive = (key: TApiKey) => stateOf(key).label === 'Active';

export function ApiKeysSection({ companyId }: { companyId: string }) {
  const keys = useApiKeys(companyId);
  const revoke = useRevokeApiKey(companyId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));

  let body;
  if (keys.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(keys.error)}
      </Alert>
    );
  else if (!keys.data) body = <PageLoader label="Loading the API keys" />;
  else if (keys.data.length === 0)
    body = (
      <Typography color="text.secondary">
        No API keys yet. Create one to let another system read your jobs and applications.
      </Typography>
    );
  else if (narrow)
    body = (
      <Stack component="ul" aria-label="API keys" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {keys.data.map((key) => (
          <Paper component="li" key={key._id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {key.name}
              </Typography>
              <StateChip apiKey={key} />
            </Box>
            <KeyFacts apiKey={key} />
            {isLive(key) && (
              <Button color="error" sx={{ mt: 1, ml: -1 }} onClick={() => setRevoking(key)}>
                Revoke {key.name}
              </Button>
            )}
          </Paper>
        ))}
      </Stack>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="API keys">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Scopes</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.map((key) => (
              <TableRow key={key._id} hover>
                <TableCell sx={{ fontWeight: 600, minWidth: 140, overflowWrap: 'break-word' }}>
                  {key.name}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <code>{key.prefix}…</code>
                </TableCell>
                <TableCell>{key.scopes.map((s) => API_KEY_SCOPE_LABELS[s].label).join(', ')}</TableCell>
                <TableCell>
                  {when(key.createdAt)}
                  <Typography variant="body2" color="text.secondary">
                    by {key.createdBy?.name ?? 'a former member'}
                  </Typography>
                </TableCell>
                <TableCell>{when(key.lastUsedAt)}</TableCell>
                <TableCell>{when(key.expiresAt)}</TableCell>
                <TableCell>
                  <StateChip apiKey={key} />
                </TableCell>
                <TableCell align="right">
                  {isLive(key) && (
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setRevoking(key)}
                      aria-label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <FormSection
      title="API keys"
      description="Keys let your other systems (an applicant tracking system, an HR system, a script) use the Hirecast API for this company only, within the scopes you choose."
      action={
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create API key
        </Button>
      }
    >
      {body}
      <CreateApiKeyDialog companyId={companyId} open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke"
        destructive
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoke.mutateAsync(revoking?._id ?? '').then(
            () => toast.success(`“${revoking?.name ?? ''}” was revoked.`),
            (err: unknown) => {
              toast.error(errorMessage(err));
              throw err;
            },
          )
        }
      >
        Systems that use this key lose access at once: their next call answers 401. This cannot be undone.
      </ConfirmDialog>
    </FormSection>
  );
}

function StateChip({ apiKey }: { apiKey: TApiKey }) {
  const state = stateOf(apiKey);
  return <Chip size="small" label={state.label} color={state.color} variant="outlined" />;
}

function KeyFacts({ apiKey }: { apiKey: TApiKey }) {
  const facts: [string, string][] = [
    ['Key', `${apiKey.prefix}…`],
    ['Scopes', apiKey.scopes.map((s) => API_KEY_SCOPE_LABELS[s].label).join(', ')],
    ['Created', `${when(apiKey.createdAt)} by ${apiKey.createdBy?.name ?? 'a former member'}`],
    ['Last used', when(apiKey.lastUsedAt)],
    ['Expires', when(apiKey.expiresAt)],
  ];
  return (
    <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}>
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ pr: 1.5 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  apiKeyMessages,
  ZCreateApiKeyRequest,
  type TApiKeyScope,
  type TCreatedApiKey,
} from '@hirecast/domain/api-keys';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';

type TErrors = Partial<Record<'name' | 'scopes' | 'expiresAt', string>>;

/** The end of the chosen day in the person's time zone, as the API's ISO date-time; none when empty. */
const expiryOf = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);

// Issue 35: the create dialog, then the key itself, shown once with a Copy button.
export function CreateApiKeyDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const create = useCreateApiKey(companyId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);

  const close = () => {
    setName('');
    setScopes(['read']);
    setExpiry('');
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    const body = { name, scopes, expiresAt: expiryOf(expiry) };
    const parsed = ZCreateApiKeyRequest.safeParse(body);
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body, { onSuccess: setCreated });
  };

  const copy = () =>
    void navigator.clipboard?.writeText(created?.key ?? '').then(
      () => toast.success('API key copied'),
      () => toast.error('The key could not be copied: select it and copy it by hand.'),
    );

  return (
    <Dialog
      open={open}
      onClose={created ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{created ? `Your key “${created.name}”` : 'Create an API key'}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {apiKeyMessages.shownOnce}
            </Alert>
            <TextField
              label="API key"
              value={created.key}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
              }}
              onFocus={(e) => e.target.select()}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Send it as <code>Authorization: Bearer &lt;key&gt;</code>. Store it where your other system
              keeps secrets; anyone who has it can act for this company within its scopes.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={copy} variant="outlined">
              Copy
            </Button>
            <Button onClick={close} variant="contained">
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'Say what uses it, for example “Greenhouse sync”.'}
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX + 10 } }}
              autoFocus
              required
              fullWidth
            />
            <FormControl error={Boolean(errors.scopes)} component="fieldset">
              <FormLabel component="legend">Scopes</FormLabel>
              <FormGroup>
                {API_KEY_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    control={
                      <Checkbox
                        checked={scopes.includes(scope)}
                        onChange={(e) => {
                          setScopes((now) =>
                            e.target.checked ? [...now, scope] : now.filter((s) => s !== scope),
                          );
                          setErrors(({ scopes: _, ...rest }) => rest);
                        }}
                      />
                    }
                    label={`${API_KEY_SCOPE_LABELS[scope].label}: ${API_KEY_SCOPE_LABELS[scope].description.toLowerCase()}`}
                  />
                ))}
              </FormGroup>
              {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
            </FormControl>
            <TextField
              label="Expires on (optional)"
              type="date"
              value={expiry}
              onChange={(e) => {
                setExpiry(e.target.value);
                setErrors(({ expiresAt: _, ...rest }) => rest);
              }}
              error={Boolean(errors.expiresAt)}
              helperText={errors.expiresAt ?? 'Leave empty for a key that works until it is revoked.'}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create key
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  NETWORKS,
  NETWORK_LABELS,
  type TCompanyFormInput,
  type TCompanyFormOutput,
} from './company-form-schema.ts';

type TProps = { control: Control<TCompanyFormInput, unknown, TCompanyFormOutput>; disabled?: boolean };

// Social links as rows of network + URL; each network once (the website has its own field).
export function SocialLinksField({ control, disabled = false }: TProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'socials' });
  const rows = useWatch({ control, name: 'socials' });
  const used = new Set(rows.map((r) => r.type));
  const next = NETWORKS.find((n) => !used.has(n));

  return (
    <Stack spacing={2}>
      {fields.map((row, index) => (
        <Box
          key={row.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr auto', sm: '180px 1fr auto' },
            gap: 1.5,
            alignItems: 'start',
          }}
        >
          <Controller
            control={control}
            name={`socials.${index}.type`}
            render={({ field }) => (
              <TextField
                select
                label="Network"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={disabled}
                sx={{ gridColumn: { xs: '1', sm: 'auto' } }}
              >
                {NETWORKS.map((n) => (
                  <MenuItem key={n} value={n} disabled={n !== field.value && used.has(n)}>
                    {NETWORK_LABELS[n]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name={`socials.${index}.value`}
            render={({ field, fieldState }) => (
              <TextField
                label={`${NETWORK_LABELS[rows[index]?.type as keyof typeof NETWORK_LABELS] ?? 'Profile'} link`}
                placeholder="https://"
                type="url"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                fullWidth
              />
            )}
          />
          <IconButton
            aria-label={`Remove ${NETWORK_LABELS[rows[index]?.type as keyof typeof NETWORK_LABELS] ?? 'social'}`}
            onClick={() => remove(index)}
            disabled={disabled}
            sx={{ mt: 1, gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {disabled && fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No social links yet.
        </Typography>
      )}
      {next && !disabled && (
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append({ type: next, value: '' })}>
            Add social link
          </Button>
        </Box>
      )}
    </Stack>
  );
}

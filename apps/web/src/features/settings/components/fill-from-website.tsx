import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCompany } from '@hirecast/domain/company';
import { messages } from '@hirecast/domain/messages';
import { ZTexauRequest } from '@hirecast/domain/settings';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFillCompanyFromLink } from '../api/fill-company-from-link.ts';
import { FormSection } from '../../../components/form-section.tsx';

// spec 1 §7 POST /texau {link}: the company's name, logo, bio and social links read from its website or a
// public profile, as a queued job; `texauLoading` is on until it has finished.
export function FillFromWebsite({ company, disabled }: { company: TCompany; disabled: boolean }) {
  const fill = useFillCompanyFromLink(company._id);
  const [link, setLink] = useState(() => company.info.find((i) => i.type === 'website')?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const loading = company.texauLoading;

  // Say so when a run this page started (or found running) has finished.
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (wasLoading.current && !loading) toast.success('Your company details have been filled in.');
    wasLoading.current = loading;
  }, [loading]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTexauRequest.safeParse({ link: link.trim() });
    if (!parsed.success) {
      setError(messages.linkInvalid);
      return;
    }
    setError(null);
    fill.mutate(parsed.data.link, { onError: (err) => toast.error(errorMessage(err)) });
  };

  return (
    <FormSection
      title="Fill from website"
      description="Paste your website or a public company profile: we read the name, logo, bio and social links from it."
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Fill from website"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr auto' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          label="Website or profile link"
          type="url"
          placeholder="https://"
          value={link}
          onChange={(e) => {
            setLink(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? undefined}
          disabled={disabled || loading}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          fullWidth
        />
        <Button
          type="submit"
          variant="outlined"
          size="large"
          disabled={disabled || loading}
          loading={fill.isPending}
          sx={{ height: 56 }}
        >
          Fill from website
        </Button>
      </Box>
      {loading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography variant="body2" color="text.secondary">
            Reading your company details… This can take a minute; the form fills in when it is done.
          </Typography>
        </Box>
      )}
    </FormSection>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ZReengageRequest } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import { LETTER_LIMITS, type TLetter } from '@hirecast/domain/letters';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReengageApplicants } from '../api/reengage-applicants.ts';
import { applicantName } from './applicant-display.ts';
import { StatusBadge } from './status-badge.tsx';

const ZReengageForm = ZReengageRequest.omit({ applicationIds: true });
type TInput = z.input<typeof ZReengageForm>;
type TOutput = z.output<typeof ZReengageForm>;

const CHOOSE_SOMEONE = 'Choose at least one applicant';

/**
 * spec 2 §7 POST .../send-reengaging: the re-engagement email to applicants chosen from the page on screen.
 * Nobody is chosen at first, so an email never goes out to people the recruiter did not pick.
 */
export function ReengageDialog({
  jobId,
  applicants,
  letter,
  onClose,
}: {
  jobId: string;
  applicants: TApplicant[];
  letter: TLetter;
  onClose: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [pickError, setPickError] = useState(false);
  const reengage = useReengageApplicants();
  const { control, handleSubmit } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZReengageForm),
    mode: 'onTouched',
    defaultValues: { subject: letter.subject, text: letter.text },
  });

  const all = applicants.length > 0 && chosen.size === applicants.length;
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    if (next.size > 0) setPickError(false);
  };
  const toggleAll = () => {
    setChosen(all ? new Set() : new Set(applicants.map((a) => a._id)));
    if (!all) setPickError(false);
  };

  const onSubmit = handleSubmit((values) => {
    if (chosen.size === 0) return setPickError(true);
    // Keep the page's order, whatever order they were ticked in.
    const applicationIds = applicants.filter((a) => chosen.has(a._id)).map((a) => a._id);
    reengage.mutate(
      { jobId, body: { ...values, applicationIds } },
      {
        onSuccess: (result) => {
          const sent = result?.sent ?? applicationIds.length;
          toast.success(`Re-engagement email sent to ${sent} ${sent === 1 ? 'applicant' : 'applicants'}.`);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  });

  const busy = reengage.isPending;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Re-engage applicants</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Choose who should get the email. Their status does not change.
          </DialogContentText>
          <Box
            role="group"
            aria-label="Applicants to email"
            sx={{ border: 1, borderColor: pickError ? 'error.main' : 'divider', borderRadius: 1, mb: 0.5 }}
          >
            <FormControlLabel
              sx={{ px: 1.5, py: 0.5, mx: 0, width: '100%', borderBottom: 1, borderColor: 'divider' }}
              control={
                <Checkbox
                  checked={all}
                  indeterminate={chosen.size > 0 && !all}
                  onChange={toggleAll}
                  disabled={applicants.length === 0}
                />
              }
              label={
                <Typography sx={{ fontWeight: 600 }}>Everyone on this page ({applicants.length})</Typography>
              }
            />
            <Box sx={{ maxHeight: 240, overflowY: 'auto', px: 1.5, py: 0.5 }}>
              {applicants.map((a) => (
                <FormControlLabel
                  key={a._id}
                  sx={{ display: 'flex', mx: 0, '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
                  control={<Checkbox checked={chosen.has(a._id)} onChange={() => toggle(a._id)} />}
                  label={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                      <Box sx={{ minWidth: 0, flex: 1 }}>
                        <Typography noWrap>{applicantName(a)}</Typography>
                        <Typography noWrap variant="body2" color="text.secondary">
                          {a._profile._user.email}
                        </Typography>
                      </Box>
                      <StatusBadge status={a.status} />
                    </Box>
                  }
                />
              ))}
            </Box>
          </Box>
          <FormHelperText error={pickError} sx={{ mb: 2 }}>
            {pickError ? CHOOSE_SOMEONE : `${chosen.size} chosen`}
          </FormHelperText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="subject"
              label="Subject"
              size="small"
              max={LETTER_LIMITS.subjectMax}
            />
            <FormTextField
              control={control}
              name="text"
              label="Email"
              multiline
              minRows={7}
              maxRows={14}
              max={LETTER_LIMITS.textMax}
              hint="{candidateName} becomes each applicant's name when the email is sent."
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : chosen.size > 0 ? `Send to ${chosen.size}` : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { billingMessages, PLAN_CONTACT_MESSAGE_MAX, ZPlanContactRequest } from '@hirecast/domain/billing';
import { messages } from '@hirecast/domain/messages';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendPlanRequest } from '../api/send-plan-request.ts';

type TInput = z.input<typeof ZPlanContactRequest>;
type TOutput = z.output<typeof ZPlanContactRequest>;

// spec 2 §5: a missing name or email is highlighted for 1.5 s.
export const REQUIRED_HIGHLIGHT_MS = 1500;
// spec 2 §4 Settings saves: closing the custom plan request with unsaved changes asks this.
export const UNSAVED_CLOSE_QUESTION = 'Please save the data before you close';
// ZPlanContactRequest's name limit.
const PLAN_CONTACT_NAME_MAX = 90;

type TProps = {
  open: boolean;
  /** What the request is about, as the card shows it (e.g. "Video First Complete, more than 10 active jobs"). */
  plan: string;
  name: string;
  email: string;
  onClose: () => void;
};

// spec 2 §3 Custom plan request, §7 POST /billing/contact: the 'Contact us' of a plan card.
export function CustomPlanDialog(props: TProps) {
  // A fresh form each time the dialog opens with its defaults.
  return props.open ? <CustomPlanForm {...props} /> : null;
}

function CustomPlanForm({ plan, name, email, onClose }: TProps) {
  const titleId = useId();
  const defaults: TInput = { name, email, message: '', plan };
  const { control, handleSubmit, formState, clearErrors } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZPlanContactRequest),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: defaults,
  });
  const send = useSendPlanRequest();
  const [asking, setAsking] = useState(false);
  // Read during render: react-hook-form only tracks the form state a render reads.
  const { isDirty, errors, submitCount } = formState;
  // Each failed send highlights the missing fields again for 1.5 s.
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (!hasErrors) return;
    const timer = setTimeout(() => clearErrors(), REQUIRED_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [submitCount, hasErrors, clearErrors]);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success(billingMessages.planRequestSent);
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, messages.contactFailure)),
    }),
  );

  const requestClose = () => {
    if (send.isPending) return;
    if (isDirty) setAsking(true);
    else onClose();
  };

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        maxWidth="sm"
        fullWidth
        aria-labelledby={titleId}
        // Phones: the form takes the width it can.
        slotProps={{
          paper: { sx: { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        }}
      >
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>Ask for a custom plan</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Tell us how many jobs you hire for and we will put together a plan for you.
            </DialogContentText>
            <Typography
              variant="body2"
              sx={{ mb: 2.5, px: 1.5, py: 1, borderRadius: 2, bgcolor: 'background.default' }}
            >
              <Box component="span" sx={{ color: 'text.secondary' }}>
                About:{' '}
              </Box>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {plan}
              </Box>
            </Typography>
            <Stack spacing={2.5}>
              <FormTextField
                control={control}
                name="name"
                label="Name"
                required
                max={PLAN_CONTACT_NAME_MAX}
                autoComplete="name"
              />
              <FormTextField
                control={control}
                name="email"
                label="Email"
                type="email"
                required
                autoComplete="email"
              />
              <FormTextField
                control={control}
                name="message"
                label="Message (optional)"
                multiline
                minRows={4}
                max={PLAN_CONTACT_MESSAGE_MAX}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={requestClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={send.isPending}>
              Send request
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${titleId}-unsaved`}
      >
        <DialogTitle id={`${titleId}-unsaved`}>{UNSAVED_CLOSE_QUESTION}</DialogTitle>
        <DialogContent>
          <DialogContentText>Your request has not been sent. Closing now discards it.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="error">
            Discard
          </Button>
          <Button variant="contained" onClick={() => setAsking(false)} autoFocus>
            Keep editing
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

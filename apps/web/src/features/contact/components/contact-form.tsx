import { useState } from 'react';
import { useNavigate } from 'react-router';
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
import { LIMITS } from '@hirecast/domain/constants';
import { ZContactRequest } from '@hirecast/domain/contact';
import { messages } from '@hirecast/domain/messages';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSendContact } from '../api/send-contact.ts';

type TInput = z.input<typeof ZContactRequest>;
type TOutput = z.output<typeof ZContactRequest>;

type TProps = { name?: string; email?: string };

// spec 1 §5 / spec 2 §5 Contact form; on success a dialog offers Go to Jobs or Send another message.
export function ContactForm({ name = '', email = '' }: TProps) {
  const navigate = useNavigate();
  const defaults: TInput = { name, email, subject: '', message: '' };
  const { control, handleSubmit, reset } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZContactRequest),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const send = useSendContact();
  const [sent, setSent] = useState(false);

  // The schema trims the values and drops an empty message.
  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => setSent(true),
      onError: () => toast.error(messages.contactFailure),
    }),
  );

  const sendAnother = () => {
    reset(defaults);
    setSent(false);
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <FormTextField
              control={control}
              name="name"
              label="Name"
              required
              max={LIMITS.contactName}
              autoComplete="name"
            />
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              max={LIMITS.contactEmail}
              autoComplete="email"
            />
          </Box>
          <FormTextField
            control={control}
            name="subject"
            label="Subject"
            required
            max={LIMITS.contactSubject}
          />
          <FormTextField
            control={control}
            name="message"
            label="Message (optional)"
            multiline
            minRows={4}
            max={LIMITS.contactMessage}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={send.isPending}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Send message
            </Button>
          </Box>
        </Stack>
      </Box>
      <Dialog open={sent} onClose={sendAnother} aria-labelledby="contact-sent-title">
        <DialogTitle id="contact-sent-title">{messages.contactSuccess}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Thank you for getting in touch. We usually reply within one working day.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={sendAnother}>Send another message</Button>
          <Button variant="contained" onClick={() => navigate('/jobs')} autoFocus>
            Go to Jobs
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

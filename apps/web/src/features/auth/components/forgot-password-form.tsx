import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZForgotPasswordRequest } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { errorMessage } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';

type TInput = z.input<typeof ZForgotPasswordRequest>;
type TOutput = z.output<typeof ZForgotPasswordRequest>;

// spec 1 §2 Reset password, without a reset-token: ask for the email, then a success state.
export function ForgotPasswordForm() {
  const { control, handleSubmit, getValues } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZForgotPasswordRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (email: string) =>
    forgot.mutate(
      { email, redirect: session.getRedirect() ?? undefined },
      {
        onSuccess: () => setSentTo(email),
        onError: (err) => toast.error(errorMessage(err, messages.forgotFailure)),
      },
    );

  const onSubmit = handleSubmit((values) => send(values.email));

  if (sentTo) {
    return (
      <Stack spacing={3}>
        <Alert severity="success">{messages.forgotSuccess}</Alert>
        <Typography color="text.secondary">
          The link was sent to <strong>{sentTo}</strong> and stays valid for 72 hours. Can't find it? Check
          your spam folder or send it again.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            loading={forgot.isPending}
            onClick={() => send(getValues('email').trim())}
          >
            Resend the email
          </Button>
          <Button variant="contained" component={RouterLink} to="/sign-in">
            Log in
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending}>
          Send reset link
        </Button>
      </Stack>
    </Box>
  );
}

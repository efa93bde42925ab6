import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ZResetPasswordRequest } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordField } from './password-field.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const ZNewPasswordForm = ZResetPasswordRequest.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type TInput = z.input<typeof ZNewPasswordForm>;
type TOutput = z.output<typeof ZNewPasswordForm>;

// spec 1 §2 Reset password, with a reset-token: set a new password, which logs the user in.
export function ResetPasswordForm({ token }: { token: string }) {
  const { control, handleSubmit } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZNewPasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useResetPassword();
  const completeSignIn = useCompleteSignIn();

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { password, token },
      {
        onSuccess: (auth) => {
          // The answer's cookie signed the browser in; without the manager there is no one to show.
          if (!auth.manager) {
            toast.error(messages.resetNoToken);
            return;
          }
          toast.success(messages.resetSuccess);
          void completeSignIn(auth.manager);
        },
        // spec 1 §8: the set-password failure text; a rate limit keeps its own explanation.
        onError: (err) =>
          toast.error(err instanceof ApiError && err.status === 429 ? err.message : messages.resetFailure),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <PasswordField control={control} name="password" label="New password" autoComplete="new-password" />
        <PasswordField
          control={control}
          name="confirm"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </Stack>
    </Box>
  );
}

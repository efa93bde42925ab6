import Button, { type ButtonProps } from '@mui/material/Button';
import { toast } from 'react-toastify';
import { messages } from '@hirecast/domain/messages';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendVerification } from '../api/send-verification.ts';

// spec 1 §8: 'A verification link has been sent to your email' after a resend.
export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const send = useSendVerification();
  return (
    <Button
      {...props}
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: () => toast.success(messages.verificationSent),
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
    >
      Resend email
    </Button>
  );
}

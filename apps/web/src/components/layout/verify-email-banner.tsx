import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { TManager } from '@hirecast/domain/auth';
import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { api, errorMessage } from '../../lib/api-client.ts';

const sendVerificationEmail = () => api.post<unknown>('/manager/signup/email/verify/send', {});

// spec 1 §2 Route guarding: unverified users who are not viewers are asked to verify, with 'Resend email'.
// Viewers are not shown it (spec 1 §6): the guard sends them to /confirm-email instead.
export function VerifyEmailBanner({ me }: { me: TManager }) {
  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: () => toast.success(messages.verificationSent),
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (!me.needVerification || me.role === ROLES.viewer) return null;
  return (
    <Alert
      severity="warning"
      variant="standard"
      sx={{
        borderRadius: 0,
        justifyContent: 'center',
        alignItems: 'center',
        '& .MuiAlert-message': { flex: '0 1 auto', overflowWrap: 'anywhere' },
        '& .MuiAlert-action': { pt: 0, ml: { xs: 1, sm: 2 } },
        // On phones the text needs the room more than the icon does.
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
      }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Resend email
        </Button>
      }
    >
      Please confirm your email address: we sent a link to <strong>{me.email}</strong>.
    </Alert>
  );
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { messages } from '@hirecast/domain/messages';
import { AuthLayout } from '../components/auth-layout.tsx';

// /verification-sent (spec 1 §2 Reset password, spec 2 §2 Other screens)
export function Component() {
  return (
    <AuthLayout>
      <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, mb: 2 }} />
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1.5 }}>
        {messages.verificationSent}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Open the link in the email to confirm your address. It can take a minute to arrive; check your spam
        folder if you don't see it.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Button variant="contained" component={RouterLink} to="/sign-in">
          Back to sign in
        </Button>
        <Typography variant="body2">
          Forgot your password?{' '}
          <Link component={RouterLink} to="/forgot-password">
            Reset it
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}

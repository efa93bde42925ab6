import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { StandaloneFrame } from '../../../components/layout/standalone-frame.tsx';
import { useMe } from '../../../lib/me.ts';
import { ContactForm } from '../components/contact-form.tsx';

// /contact-us: open to signed-in and anonymous visitors (spec 1 §2); signed-in users get name and email filled in.
export function Component() {
  const me = useMe();
  // Signed in or not is known once /manager/me has answered (decision 003).
  const waitingForMe = me.isPending;
  return (
    <StandaloneFrame>
      <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', py: { xs: 1, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1 }}>
          Contact us
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Questions about Hirecast, your plan or a job post? Send us a message and we'll get back to you by
          email.
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2 }}>
          {waitingForMe ? (
            <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress />
            </Box>
          ) : (
            <ContactForm
              name={me.data ? `${me.data.firstName} ${me.data.lastName}`.trim().slice(0, 55) : ''}
              email={me.data?.email.slice(0, 50) ?? ''}
            />
          )}
        </Paper>
      </Box>
    </StandaloneFrame>
  );
}

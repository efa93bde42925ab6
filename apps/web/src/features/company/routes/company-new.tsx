import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMe } from '../../../lib/me.ts';
import { CompanyForm } from '../components/company-form.tsx';

// /company/new (spec 1 §2 Create company), inside the shell.
export function Component() {
  const me = useMe();
  if (!me.data) {
    return (
      <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    );
  }
  const firstCompany = me.data._companies.length === 0;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
        {firstCompany ? `Welcome ${me.data.firstName}` : 'Create New Company'}
      </Typography>
      {firstCompany ? (
        <Box sx={{ mb: 4, color: 'text.secondary' }}>
          <Typography sx={{ mb: 1.5 }}>
            I'm really glad you're here. We started Hirecast because a CV says very little about a person, and
            a job ad says even less about a team. A short video changes that on both sides.
          </Typography>
          <Typography sx={{ mb: 1.5 }}>
            Tell us a little about your company first. It appears on every job you post, and you can change
            all of it later in Settings. Then you're a few minutes away from your first video job post.
          </Typography>
          <Typography sx={{ fontStyle: 'italic' }}>— The founder of Hirecast</Typography>
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Add another company to your account. You can switch between companies from the profile menu.
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2 }}>
        <CompanyForm email={me.data.email} />
      </Paper>
    </Box>
  );
}

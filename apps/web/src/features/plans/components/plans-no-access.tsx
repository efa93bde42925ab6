import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';

export const NO_ACCESS_TITLE = "You don't have access to plans";

// spec 2 §2 Plans, §6: viewers cannot open plans.
export function PlansNoAccess() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, px: 2 }}>
      <title>{`${NO_ACCESS_TITLE} · Hirecast`}</title>
      <MessagePanel
        illustration={<ErrorIllustration />}
        title={NO_ACCESS_TITLE}
        actions={
          <>
            <Button component={RouterLink} to="/jobs" variant="contained">
              Go to Jobs
            </Button>
            <Button component={RouterLink} to="/settings?tab=team" variant="outlined">
              See your team
            </Button>
          </>
        }
      >
        Viewers can watch applications but not see or change the company's plan. Ask an administrator of your
        company if you need more active jobs.
      </MessagePanel>
    </Paper>
  );
}

import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';

// spec 3 §6: the Employer area is for admins only; anyone else who reaches /employer by its address is told so.
export const EMPLOYER_FORBIDDEN_TITLE = '403 — Admins only';

export function EmployerForbidden() {
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={EMPLOYER_FORBIDDEN_TITLE}
      actions={
        <Button component={RouterLink} to="/jobs" variant="contained" size="large">
          Go to Jobs
        </Button>
      }
    >
      Only an admin of your company can edit its career page. Ask an admin if something on it should change.
    </MessagePanel>
  );
}

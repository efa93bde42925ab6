import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { messages } from '@hirecast/domain/messages';
import { LostIllustration } from './illustrations.tsx';
import { StandaloneFrame } from './layout/standalone-frame.tsx';
import { MessagePanel } from './message-panel.tsx';

// spec 1 §2: the not-found page. 'Go to Homepage' goes to /jobs.
export function NotFoundContent() {
  return (
    <MessagePanel
      illustration={<LostIllustration />}
      title={messages.notFoundTitle}
      actions={
        <Button component={RouterLink} to="/jobs" variant="contained" size="large">
          Go to Homepage
        </Button>
      }
    >
      {messages.notFoundText}
    </MessagePanel>
  );
}

export function NotFoundPage() {
  return (
    <StandaloneFrame>
      <title>{`${messages.notFoundTitle} · Hirecast`}</title>
      <NotFoundContent />
    </StandaloneFrame>
  );
}

export { NotFoundPage as Component };

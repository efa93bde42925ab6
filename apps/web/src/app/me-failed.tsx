import Button from '@mui/material/Button';
import { ErrorIllustration } from '../components/illustrations.tsx';
import { StandaloneFrame } from '../components/layout/standalone-frame.tsx';
import { MessagePanel } from '../components/message-panel.tsx';

// The guards' screen when the account could not be loaded (not a 401: the network, a 5xx).
export function MeFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StandaloneFrame>
      <MessagePanel
        illustration={<ErrorIllustration />}
        title="We could not load your account"
        actions={
          <Button variant="contained" size="large" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        Check your connection and try again.
      </MessagePanel>
    </StandaloneFrame>
  );
}

import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import { ErrorIllustration } from './illustrations.tsx';
import { StandaloneFrame } from './layout/standalone-frame.tsx';
import { MessagePanel } from './message-panel.tsx';
import { NotFoundContent } from './not-found-page.tsx';

// A lazily loaded chunk that no longer exists usually means a new version was deployed meanwhile.
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

// The route error element. Inside the shell it keeps the navigation; at the root it stands alone.
export function RouteErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const stale = isStaleChunk(error);
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={stale ? 'Hirecast has been updated' : 'Something went wrong'}
      actions={
        <>
          <Button variant="contained" size="large" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          {!stale && (
            <Button component={RouterLink} to="/jobs" variant="outlined" size="large">
              Go to Homepage
            </Button>
          )}
        </>
      }
    >
      {stale
        ? 'A newer version is available. Reload the page to continue.'
        : 'This page could not be shown. Reload it, and if the problem persists, let us know through the contact page.'}
    </MessagePanel>
  );
}

export function RootRouteError() {
  return (
    <StandaloneFrame>
      <RouteErrorContent />
    </StandaloneFrame>
  );
}

import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { BuildingIllustration } from './illustrations.tsx';
import { MessagePanel } from './message-panel.tsx';

// An honest placeholder for an area that is not built yet: it names the area and says so.
export type TComingSoonArea = { title: string; description: string };

export const COMING_SOON_AREAS = {
  jobs: {
    title: 'Jobs dashboard',
    description: 'Your job listings, with search, the live filter and reordering.',
  },
  analytics: { title: 'Analytics', description: 'Visits, applies and video engagement of your jobs.' },
  employer: { title: 'Employer', description: 'Your employer brand: career page and employee stories.' },
} satisfies Record<string, TComingSoonArea>;

export function ComingSoonPage({
  area,
  standalone = false,
}: {
  area: TComingSoonArea;
  standalone?: boolean;
}) {
  return (
    <Paper
      variant={standalone ? 'elevation' : 'outlined'}
      sx={{ bgcolor: standalone ? 'transparent' : 'background.paper', borderRadius: 3, px: 2 }}
    >
      <title>{`${area.title} · Hirecast`}</title>
      <MessagePanel
        illustration={<BuildingIllustration />}
        eyebrow={<Chip label="Coming soon" size="small" color="secondary" variant="outlined" />}
        title={area.title}
        actions={
          <>
            {area !== COMING_SOON_AREAS.jobs && (
              <Button component={RouterLink} to="/jobs" variant="contained">
                Go to Jobs
              </Button>
            )}
            <Button component={RouterLink} to="/contact-us" variant="outlined">
              Contact us
            </Button>
          </>
        }
      >
        <p style={{ margin: 0 }}>{area.description}</p>
        <p style={{ margin: '8px 0 0' }}>This part of Hirecast is being built and is not available yet.</p>
      </MessagePanel>
    </Paper>
  );
}

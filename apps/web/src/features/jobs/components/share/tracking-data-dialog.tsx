import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { errorMessage } from '../../../../lib/api-client.ts';
import { NARROW_MEDIA } from '../../../../components/layout/layout-constants.ts';
import { useJobStats } from '../../api/get-job-stats.ts';

type TStats = NonNullable<TJob['stats']>;

const percent = (value: number) => `${Math.round(value * 10) / 10}%`;
// The API answers rates as fractions (0..1).
const ratePercent = (fraction: number) => percent(fraction * 100);
const formatSecond = (second: number) =>
  `${Math.floor(second / 60)}:${String(Math.floor(second % 60)).padStart(2, '0')}`;

function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function StatsBody({ stats }: { stats: TStats }) {
  const tiles = [
    { label: 'Visits', value: String(stats.totalVisits) },
    { label: 'Started applications', value: String(stats.startedApplications) },
    { label: 'Submitted applications', value: String(stats.submittedApplications) },
    { label: 'Apply rate', value: ratePercent(stats.applyRate) },
    { label: 'Submitted rate', value: ratePercent(stats.submittedApplicationsRate) },
  ];
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
        {tiles.map((tile) => (
          <StatTile key={tile.label} {...tile} />
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Video engagement
        </Typography>
        {stats.videoEngagement.length === 0 ? (
          <Typography color="text.secondary">No data to display</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {stats.videoEngagement.map((point) => (
              <Box
                component="li"
                key={point.second}
                sx={{ display: 'grid', gridTemplateColumns: '48px 1fr 96px', alignItems: 'center', gap: 1.5 }}
              >
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatSecond(point.second)}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.max(0, Math.min(100, point.percentage))}
                  aria-label={`Viewers at ${formatSecond(point.second)}`}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                  {point.viewers} · {percent(point.percentage)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

// spec 1 §2 Dialogs: the tracking data of a job. The numbers fill in once the public site records visits.
export function TrackingDataDialog({
  job,
  onClose,
}: {
  job: Pick<TJob, '_id' | 'title'>;
  onClose: () => void;
}) {
  const narrow = useMediaQuery(NARROW_MEDIA);
  const query = useJobStats(job._id);
  const stats = query.data?.stats;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="tracking-title"
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
    >
      <DialogTitle id="tracking-title">
        Tracking data · {job.title.trim() || jobMessages.untitledJob}
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending ? (
          <Stack spacing={1.5} aria-label="Loading tracking data">
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(query.error)}
          </Alert>
        ) : stats ? (
          <StatsBody stats={stats} />
        ) : (
          <Typography color="text.secondary">No data to display</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

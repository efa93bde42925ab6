import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAssetStatistic } from '../api/get-asset-statistic.ts';
import { formatDuration } from './library-params.ts';

// spec 3 §2 Dialogs: analytics chart of videoEngagement; §8: 'No data to display' when empty.
export function AnalyticsDialog({
  asset,
  onClose,
}: {
  asset: Pick<TVideoAsset, '_id' | 'title'>;
  onClose: () => void;
}) {
  const theme = useTheme();
  const statistic = useAssetStatistic(asset._id);
  const points = statistic.data?.videoEngagement ?? [];
  let body;
  if (statistic.isPending) body = <Skeleton variant="rounded" height={260} aria-label="Loading analytics" />;
  else if (statistic.isError)
    body = (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="error" sx={{ mb: 2 }}>
          {errorMessage(statistic.error)}
        </Typography>
        <Button variant="outlined" onClick={() => void statistic.refetch()}>
          Try again
        </Button>
      </Box>
    );
  else if (points.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        No data to display
      </Typography>
    );
  else
    body = (
      <Box
        sx={{ height: 280 }}
        role="img"
        aria-label={`Viewer retention over ${points.length} points; ${points[0]?.viewers ?? 0} viewers at the start`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
            <XAxis dataKey="second" tickFormatter={(s: number) => formatDuration(s) ?? ''} fontSize={12} />
            <YAxis dataKey="percentage" unit="%" domain={[0, 100]} fontSize={12} />
            <Tooltip
              labelFormatter={(s) => `At ${formatDuration(Number(s)) ?? ''}`}
              formatter={(value, _name, item) => [
                `${Number(value)}% (${(item.payload as { viewers: number }).viewers} viewers)`,
                'Still watching',
              ]}
            />
            <Area
              type="monotone"
              dataKey="percentage"
              stroke={theme.palette.primary.main}
              fill={theme.palette.primary.main}
              fillOpacity={0.2}
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </Box>
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="analytics-title" maxWidth="md" fullWidth>
      <DialogTitle id="analytics-title">Analytics · {asset.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          How many viewers are still watching at each moment of the video.
        </Typography>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

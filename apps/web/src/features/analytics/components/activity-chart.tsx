import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TSeriesPoint, TSharingSeries } from '@hirecast/domain/sharing-api';
import type { TDateRange } from '@hirecast/domain/sharing';
import { NO_DATA } from './stats-table.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (date: string, step: TSharingSeries['step']) => {
  const [y, m, d] = date.split('-');
  const month = MONTHS[Number(m) - 1] ?? m;
  return step === 'day' ? `${Number(d)} ${month}` : `${month} ${y}`;
};

/** Every day of a day-step range, with zeros where nothing happened, so the line shows quiet days too. */
export function fillDays(series: TSharingSeries, range: TDateRange): TSeriesPoint[] {
  if (series.step !== 'day' || !range.startDate || !range.endDate) return series.points;
  const byDate = new Map(series.points.map((p) => [p.date, p]));
  const out: TSeriesPoint[] = [];
  for (
    let t = Date.parse(`${range.startDate}T00:00:00Z`);
    t < Date.parse(`${range.endDate}T00:00:00Z`);
    t += 86_400_000
  ) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, visits: 0, applies: 0, submits: 0 });
  }
  return out;
}

// Issue 16: views, applies and submits over the period (days, or months for long periods).
export function ActivityChart({
  title,
  series,
  range,
}: {
  title: string;
  series: TSharingSeries;
  range: TDateRange;
}) {
  const theme = useTheme();
  const data = fillDays(series, range).map((p) => ({ ...p, label: label(p.date, series.step) }));
  const empty = series.points.every((p) => p.visits + p.applies + p.submits === 0);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, p: 2 }} role="figure" aria-label={title}>
      <Typography component="h2" sx={{ fontWeight: 600, fontSize: 18, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_DATA}</Typography>
        </Box>
      ) : (
        <Box sx={{ height: { xs: 220, md: 280 } }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" fontSize={12} minTickGap={16} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 13 }} />
              <Line
                type="monotone"
                dataKey="visits"
                name="Views"
                stroke={theme.palette.primary.main}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="applies"
                name="Applied"
                stroke={theme.palette.warning.main}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="submits"
                name="Submitted"
                stroke={theme.palette.success.main}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

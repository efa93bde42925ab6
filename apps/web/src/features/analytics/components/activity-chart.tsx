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

const LEGEND_ORDER = ['visits', 'applies', 'submits'];
const legendOrder = (item: { dataKey?: unknown }) => LEGEND_ORDER.indexOf(String(item.dataKey));

const zero = (date: string): TSeriesPoint => ({ date, visits: 0, applies: 0, submits: 0 });

/**
 * Every day of a day-step range (every month of a month-step one, from its first to its last), with zeros where
 * nothing happened, so a quiet day is drawn as a day at zero (issue 23 item 8), never bridged.
 */
export function fillDays(series: TSharingSeries, range: TDateRange): TSeriesPoint[] {
  const byDate = new Map(series.points.map((p) => [p.date, p]));
  const out: TSeriesPoint[] = [];
  if (series.step === 'month') {
    const dates = series.points.map((p) => p.date).sort();
    const [first, last] = [dates[0], dates[dates.length - 1]];
    if (!first || !last) return [];
    const [fy, fm] = first.split('-').map(Number) as [number, number];
    for (let i = 0; ; i++) {
      const d = new Date(Date.UTC(fy, fm - 1 + i, 1)).toISOString().slice(0, 10);
      if (d > last) break;
      out.push(byDate.get(d) ?? zero(d));
    }
    return out;
  }
  if (!range.startDate || !range.endDate) return series.points;
  for (
    let t = Date.parse(`${range.startDate}T00:00:00Z`);
    t < Date.parse(`${range.endDate}T00:00:00Z`);
    t += 86_400_000
  ) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? zero(date));
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
  // A dot per day (or month) while they are few enough to tell apart.
  const dot = (fill: string, r = 2.5) => (data.length <= 62 ? { r, fill, strokeWidth: 0 } : false);
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
              {/* The legend in the tables' order (recharts sorts it by name otherwise). */}
              <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={legendOrder} />
              {/* Issue 23 item 8: straight segments from day to day (a quiet day is a point at zero, nothing is
                  smoothed across it). Applied is dashed and drawn over the wider Submitted line, so equal counts
                  show both. */}
              <Line
                type="linear"
                dataKey="visits"
                name="Views"
                stroke={theme.palette.primary.main}
                strokeWidth={2}
                dot={dot(theme.palette.primary.main)}
                isAnimationActive={false}
              />
              <Line
                type="linear"
                dataKey="submits"
                name="Submitted"
                stroke={theme.palette.success.main}
                strokeWidth={4}
                dot={dot(theme.palette.success.main, 3.5)}
                isAnimationActive={false}
              />
              <Line
                type="linear"
                dataKey="applies"
                name="Applied"
                stroke={theme.palette.warning.main}
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={dot(theme.palette.warning.main)}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useTheme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { WATCH_BAND_LABELS, type TWatchBand } from '@hirecast/domain/sharing';
import type { TFunnelRow, TVideoEffectRow } from '@hirecast/domain/sharing-api';
import { downloadCsv } from './csv.ts';
import { NO_DATA } from './stats-table.tsx';

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—');

// The funnel's steps, in the order of its bars, its legend and its table.
const STEPS = [
  { key: 'visits', label: 'Visited' },
  { key: 'played', label: 'Video played' },
  { key: 'applies', label: 'Apply started' },
  { key: 'submits', label: 'Submitted' },
] as const;
const stepOrder = (item: { dataKey?: unknown }) => STEPS.findIndex((s) => s.key === item.dataKey);

// Issue 16: the funnel visit → video played → apply started → submitted per source (by visit cohort).
export function FunnelChart({ funnel }: { funnel: TFunnelRow[] }) {
  const theme = useTheme();
  const fill = {
    visits: theme.palette.primary.main,
    played: theme.palette.info.main,
    applies: theme.palette.warning.main,
    submits: theme.palette.success.main,
  };
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, p: 2 }} role="figure" aria-label="Funnel per source">
      <Typography component="h2" sx={{ fontWeight: 600, fontSize: 18, mb: 1 }}>
        Funnel per source
      </Typography>
      {funnel.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_DATA}</Typography>
        </Box>
      ) : (
        <Box sx={{ height: { xs: 240, md: 300 } }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={funnel} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="source" fontSize={12} interval={0} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip />
              {/* Issue 23 item 8: the legend in the bars' order and colours (recharts sorts it by name otherwise). */}
              <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={stepOrder} />
              {STEPS.map((step) => (
                <Bar
                  key={step.key}
                  dataKey={step.key}
                  name={step.label}
                  fill={fill[step.key]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
      {funnel.length > 0 && (
        // The chart's figures as text: what a bar's height only suggests, and what a screen reader reads.
        <ScrollRegion label="Funnel counts table" sx={{ mt: 1 }}>
          <Table
            size="small"
            aria-label="Funnel counts"
            sx={{ minWidth: 440, '& th, & td': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Source</TableCell>
                {STEPS.map((step) => (
                  <TableCell key={step.key} align="right" sx={{ fontWeight: 600 }}>
                    {step.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {funnel.map((row) => (
                <TableRow key={row.source} hover>
                  <TableCell sx={{ overflowWrap: 'break-word', maxWidth: 240 }}>{row.source}</TableCell>
                  {STEPS.map((step) => (
                    <TableCell key={step.key} align="right">
                      {row[step.key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

/**
 * Issue 16 item 4: does the job video help? Per job and source, how many visitors watched (and how far) and
 * what share of each group submitted an application.
 */
export function VideoEffectPanel({ rows, fileSuffix }: { rows: TVideoEffectRow[]; fileSuffix: string }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2 }} component="section" aria-label="Video effect">
      <Stack sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 18 }}>
            Video effect
          </Typography>
          <Button
            size="small"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            startIcon={<DownloadIcon />}
            disabled={rows.length === 0}
            aria-label="Export CSV of Video effect"
            onClick={() =>
              downloadCsv(`video-effect-${fileSuffix}.csv`, [
                [
                  'Job Title',
                  'Source',
                  ...([0, 1, 2] as TWatchBand[]).flatMap((b) => [
                    `${WATCH_BAND_LABELS[b]}: visitors`,
                    `${WATCH_BAND_LABELS[b]}: submitted`,
                  ]),
                ],
                ...rows.map((r) => [r.title, r.source, ...r.bands.flatMap((b) => [b.visitors, b.submits])]),
              ])
            }
          >
            Export CSV
          </Button>
        </Stack>
        <Typography color="text.secondary" variant="body2">
          Share of visitors who submitted an application, by how much of the job video they watched.
        </Typography>
      </Stack>
      {rows.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_DATA}</Typography>
        </Box>
      ) : (
        <ScrollRegion label="Video effect table">
          <Table size="small" aria-label="Video effect" sx={{ minWidth: 620 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Job Title</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Source</TableCell>
                {([0, 1, 2] as TWatchBand[]).map((band) => (
                  <TableCell key={band} align="right" sx={{ fontWeight: 600 }}>
                    {WATCH_BAND_LABELS[band]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.jobId}-${row.source}`} hover>
                  <TableCell sx={{ maxWidth: 240, overflowWrap: 'break-word' }}>{row.title}</TableCell>
                  <TableCell>{row.source}</TableCell>
                  {row.bands.map((b) => (
                    <TableCell key={b.band} align="right">
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {percent(b.submits, b.visitors)}
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary', ml: 0.5, whiteSpace: 'nowrap' }}>
                        ({b.submits}/{b.visitors})
                      </Box>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

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
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { downloadCsv } from './csv.ts';

export type TColumn<T> = {
  key: string;
  label: string;
  numeric?: boolean;
  value: (row: T) => string | number | null;
};
type TFooterRow = { label: string; values: Record<string, number | string | null> };

export const NO_DATA = 'No data to display';

/**
 * One analytics table (spec 3 §2): its rows, then a Total row and a Reward points row where given, the Total
 * points line, and a CSV export of what is shown.
 */
export function StatsTable<T>({
  title,
  columns,
  rows,
  rowKey,
  footer = [],
  totalPoints,
  csvName,
}: {
  title: string;
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  footer?: TFooterRow[];
  totalPoints?: number;
  csvName: string;
}) {
  const exportCsv = () =>
    downloadCsv(csvName, [
      columns.map((c) => c.label),
      ...rows.map((row) => columns.map((c) => c.value(row))),
      ...footer.map((f) => columns.map((c, i) => (i === 0 ? f.label : (f.values[c.key] ?? '')))),
      ...(totalPoints === undefined ? [] : [['Total points', totalPoints]]),
    ]);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, gap: 1 }}
      >
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: 18 }}>
          {title}
        </Typography>
        <Button
          size="small"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={rows.length === 0}
          aria-label={`Export CSV of ${title}`}
        >
          Export CSV
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_DATA}</Typography>
        </Box>
      ) : (
        <>
          <ScrollRegion label={`${title} table`}>
            <Table
              size="small"
              aria-label={title}
              sx={{
                minWidth: { xs: 0, sm: columns.length * 105 },
                // Phones: tighter cells so the counts fit beside the names without scrolling.
                '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: 12.5, sm: 14 } },
                '& .MuiTableCell-root:first-of-type': { pl: { xs: 1, sm: 2 } },
                '& .MuiTableCell-root:last-of-type': { pr: { xs: 1, sm: 2 } },
              }}
            >
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)} hover>
                    {columns.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.numeric ? 'right' : 'left'}
                        sx={c.numeric ? undefined : { maxWidth: 280, overflowWrap: 'break-word' }}
                      >
                        {c.value(row) ?? '—'}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {footer.map((f) => (
                  <TableRow key={f.label} sx={{ bgcolor: 'action.hover' }}>
                    {columns.map((c, i) => (
                      <TableCell
                        key={c.key}
                        component={i === 0 ? 'th' : 'td'}
                        scope={i === 0 ? 'row' : undefined}
                        align={c.numeric ? 'right' : 'left'}
                        sx={{ fontWeight: 600 }}
                      >
                        {i === 0 ? f.label : (f.values[c.key] ?? '')}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          {totalPoints !== undefined && (
            <Typography sx={{ px: 2, py: 1.5, fontWeight: 600 }} data-testid="total-points">
              Total points: {totalPoints}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

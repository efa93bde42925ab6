import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, type TAuditEvent } from '@hirecast/domain/privacy';
import { ScrollRegion } from './scroll-region.tsx';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * Issue 26 item 4: who saw or changed what of a candidate. Used by Settings › Privacy (with the candidate column)
 * and by the applicant page. A row of an erased candidate keeps the event and shows no person.
 */
export function AuditTable({ events, showCandidate }: { events: TAuditEvent[]; showCandidate: boolean }) {
  if (events.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Nothing recorded yet.
      </Typography>
    );
  return (
    // Wider than a phone, it scrolls sideways inside a region the keyboard can reach (WCAG 2.1.1).
    <ScrollRegion label="Audit records">
      <Table size="small" aria-label="Audit of candidate data">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>What</TableCell>
            {showCandidate && <TableCell>Candidate</TableCell>}
            <TableCell>Who</TableCell>
            {/* On a phone the address gives way to the rest (it stays in the CSV). */}
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Address</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e._id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.createdAt)}</TableCell>
              <TableCell>
                {AUDIT_ACTION_LABELS[e.action]}
                {typeof e.details.status === 'string' && ` (${e.details.status})`}
                {typeof e.details.mode === 'string' && ` (${e.details.mode})`}
              </TableCell>
              {showCandidate && (
                <TableCell>
                  {e.subjectName ?? (
                    <Typography component="span" color="text.secondary" variant="body2">
                      Erased
                    </Typography>
                  )}
                </TableCell>
              )}
              <TableCell>{e.actorName}</TableCell>
              <TableCell
                sx={{ fontFamily: 'monospace', fontSize: 13, display: { xs: 'none', sm: 'table-cell' } }}
              >
                {e.ip ?? '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

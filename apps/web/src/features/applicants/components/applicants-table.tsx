import { Link as RouterLink, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { APPLICANT_PAGE_SIZES, type TApplicationStatus } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import type { TRole } from '@hirecast/domain/constants';
import { applicantName, tableDate } from './applicant-display.ts';
import { InterviewValue } from './interview-value.tsx';
import { RatingValue } from './rating-value.tsx';
import { StatusMenu } from './status-badge.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

// spec 2 §9: table rows are 40 px high.
const ROW_HEIGHT = 40;
const cellSx = { height: ROW_HEIGHT, py: 0, whiteSpace: 'nowrap' } as const;
const COLUMNS = ['Name', 'Email', 'Status', 'Rating', 'Interview', 'Sent'] as const;

function Head() {
  return (
    <TableHead>
      <TableRow>
        {COLUMNS.map((c) => (
          <TableCell key={c} sx={{ ...cellSx, fontWeight: 600, color: 'text.secondary' }}>
            {c}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

// spec 2 §2 list view: a row opens the applicant; the name is the row's link for keyboard users.
export function ApplicantsTable({
  linkFor,
  applicants,
  role,
  onPickStatus,
  inviteFor,
}: {
  /** The applicant page of the applicant at `index` on this page. */
  linkFor: (applicant: TApplicant, index: number) => string;
  applicants: TApplicant[];
  role: TRole;
  onPickStatus: (applicant: TApplicant, status: TApplicationStatus) => void;
  /** Issue 25: the row's "Invite to interview", for the applicants who can be invited. */
  inviteFor: (applicant: TApplicant) => (() => void) | undefined;
}) {
  const navigate = useNavigate();
  return (
    <ScrollRegion label="Applicants list" outlined>
      <Table size="small" aria-label="Applicants">
        <Head />
        <TableBody>
          {applicants.map((a, index) => {
            const name = applicantName(a);
            const path = linkFor(a, index);
            return (
              <TableRow
                key={a._id}
                hover
                onClick={() => void navigate(path)}
                sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
              >
                <TableCell sx={{ ...cellSx, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <Link
                    component={RouterLink}
                    to={path}
                    color="text.primary"
                    sx={{ fontWeight: 600 }}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {name}
                  </Link>
                </TableCell>
                <TableCell
                  sx={{ ...cellSx, maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis' }}
                  title={a._profile._user.email}
                >
                  {a._profile._user.email}
                </TableCell>
                <TableCell sx={cellSx}>
                  <StatusMenu
                    status={a.status}
                    role={role}
                    applicantName={name}
                    onPick={(status) => onPickStatus(a, status)}
                  />
                </TableCell>
                <TableCell sx={cellSx}>
                  <RatingValue applicant={a} />
                </TableCell>
                <TableCell sx={cellSx}>
                  <InterviewValue applicant={a} name={name} onInvite={inviteFor(a)} />
                </TableCell>
                <TableCell sx={cellSx}>
                  <time dateTime={a.sentAt}>{tableDate(a.sentAt)}</time>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

export function ApplicantsTableSkeleton() {
  return (
    <TableContainer component={Paper} variant="outlined" aria-busy="true">
      <Table size="small" aria-label="Loading applicants">
        <Head />
        <TableBody>
          {Array.from({ length: APPLICANT_PAGE_SIZES.list }, (_, i) => (
            <TableRow key={i}>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={cellSx}>
                  <Skeleton width={c === 'Email' ? 180 : c === 'Name' ? 140 : 80} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

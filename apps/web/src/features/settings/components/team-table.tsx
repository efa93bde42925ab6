import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import { ROLE_LABELS, type TRole } from '@hirecast/domain/constants';
import { canChangeMemberType } from '@hirecast/domain/team';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInviteCompanyMember } from '../api/invite-company-member.ts';
import { useRemoveCompanyMember } from '../api/remove-company-member.ts';
import { useUpdateCompanyMember } from '../api/update-company-member.ts';
import { MemberActions } from '../../../components/team/member-actions.tsx';
import { RoleSelect } from '../../../components/team/role-select.tsx';

// spec 2 §9: the team list shows 10 rows (480 px); more members page on.
const ROWS_PER_PAGE = 10;
const TABLE_HEIGHT = 480;

type TProps = { companyId: string; members: TCompanyTeamMember[]; role: TRole; myEmail: string };

export function TeamTable({ companyId, members, role, myEmail }: TProps) {
  const [page, setPage] = useState(0);
  // On a phone the role select goes under the member's name: three columns do not fit 390 px.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lastPage = Math.max(0, Math.ceil(members.length / ROWS_PER_PAGE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = members.slice(shownPage * ROWS_PER_PAGE, (shownPage + 1) * ROWS_PER_PAGE);

  return (
    <>
      <TableContainer sx={{ maxHeight: TABLE_HEIGHT }}>
        <Table stickyHeader size="small" aria-label="Team members">
          <TableHead>
            <TableRow>
              <TableCell>{narrow ? 'Member and role' : 'Member'}</TableCell>
              {!narrow && <TableCell sx={{ width: 180 }}>Role</TableCell>}
              <TableCell align="right" sx={{ width: narrow ? 72 : 100 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((member) => (
              <MemberRow
                key={member._id}
                companyId={companyId}
                member={member}
                role={role}
                narrow={narrow}
                isSelf={(member._manager?.email ?? member.email).toLowerCase() === myEmail.toLowerCase()}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {members.length > ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={members.length}
          page={shownPage}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[ROWS_PER_PAGE]}
        />
      )}
    </>
  );
}

function MemberRow({
  companyId,
  member,
  role,
  isSelf,
  narrow,
}: {
  companyId: string;
  member: TCompanyTeamMember;
  role: TRole;
  isSelf: boolean;
  narrow: boolean;
}) {
  const update = useUpdateCompanyMember(companyId);
  const remove = useRemoveCompanyMember(companyId);
  const invite = useInviteCompanyMember(companyId);
  // spec 2 §6 Team: only the top role changes types; nobody changes themselves.
  const canType = canChangeMemberType({ role, isSelf });
  const name = member._manager ? `${member._manager.firstName} ${member._manager.lastName}`.trim() : '';

  const roleSelect = (
    <RoleSelect
      size="small"
      value={member.type}
      disabled={!canType || update.isPending}
      onChange={(type) =>
        update.mutate(
          { memberId: member._id, type },
          {
            onSuccess: () => toast.success(`${name || member.email} is now ${ROLE_LABELS[type]}.`),
            onError: (err) => toast.error(errorMessage(err)),
          },
        )
      }
      ariaLabel={`Role of ${member.email}`}
      fullWidth
    />
  );

  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 0, width: '100%' }}>
        <Typography noWrap sx={{ fontWeight: 500, fontSize: '0.9rem' }} title={name || member.email}>
          {name || member.email}
          {isSelf && (
            <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
              {' '}
              (you)
            </Typography>
          )}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          {name && (
            <Typography variant="body2" color="text.secondary" noWrap title={member.email}>
              {member.email}
            </Typography>
          )}
          {member.isPending && (
            <Chip
              label="Invitation pending"
              size="small"
              variant="outlined"
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
        </Box>
        {narrow && <Box sx={{ mt: 1, maxWidth: 200 }}>{roleSelect}</Box>}
      </TableCell>
      {!narrow && <TableCell>{roleSelect}</TableCell>}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <MemberActions
          member={member}
          role={role}
          isSelf={isSelf}
          pending={member.isPending}
          resending={invite.isPending}
          removing={remove.isPending}
          onResend={(handlers) => invite.mutate({ email: member.email, type: member.type }, handlers)}
          onRemove={() =>
            remove.mutate(member._id, {
              onSuccess: () => toast.success(`${member.email} has been removed.`),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
          removeTooltip={member.isPending ? 'Cancel invitation' : 'Remove from company'}
          confirmTitle={member.isPending ? 'Cancel invitation?' : 'Remove team member?'}
          confirmText={
            member.isPending
              ? `The invitation to ${member.email} will no longer work.`
              : `${member.email} will no longer have access to this company and its jobs.`
          }
          size="small"
        />
      </TableCell>
    </TableRow>
  );
}

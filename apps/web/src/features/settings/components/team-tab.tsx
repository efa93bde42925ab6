import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { settingsMessages } from '@hirecast/domain/settings';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCompanyTeam } from '../api/get-company-team.ts';
import { AdminNotice } from './admin-notice.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { TeamInviteForm } from './team-invite-form.tsx';
import { TeamTable } from './team-table.tsx';

// spec 2 §2 Settings, Team tab: the company's members and pending invitations, roles, resend, remove, invite.
export function TeamTab({ companyId, role, myEmail }: { companyId: string; role: TRole; myEmail: string }) {
  const team = useCompanyTeam(companyId);
  const members = team.data ?? [];

  return (
    <Box>
      {role === ROLES.viewer && <AdminNotice />}
      {role === ROLES.jobManager && (
        <AdminNotice>{`${settingsMessages.adminsOnly} As a Job Manager you can invite Viewers and manage their invitations.`}</AdminNotice>
      )}
      <Stack spacing={3}>
        <FormSection
          title="Invite a team member"
          description="They get an email with a link to join your company."
        >
          <TeamInviteForm
            companyId={companyId}
            role={role}
            existing={members.map((m) => m.email.toLowerCase())}
          />
        </FormSection>
        <Paper component="section" variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ fontSize: '1.05rem', fontWeight: 600, px: { xs: 2, sm: 3 }, pt: 2.5, pb: 1.5 }}
          >
            Team members
          </Typography>
          {team.isPending ? (
            <Box sx={{ px: 3, pb: 3 }} role="status" aria-label="Loading the team">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Box>
          ) : team.isError ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void team.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(team.error)}
            </Alert>
          ) : (
            <TeamTable companyId={companyId} members={members} role={role} myEmail={myEmail} />
          )}
        </Paper>
      </Stack>
    </Box>
  );
}

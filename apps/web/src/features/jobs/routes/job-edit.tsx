import { useCallback, useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCompany } from '../../../lib/company.ts';
import { useMe } from '../../../lib/me.ts';
import { useJob } from '../api/get-job.ts';
import { JobDetailsForm } from '../components/editor/job-details-form.tsx';
import { JobEditHeader } from '../components/editor/job-edit-header.tsx';
import { canEditJob } from '../components/editor/job-form.ts';
import type { TSaveStatus } from '../components/editor/use-job-autosave.ts';
import { InterviewTab } from '../components/interview/interview-tab.tsx';
import { JobTeamTab } from '../components/team/job-team-tab.tsx';

const SHELL_HEIGHT = 64;

// spec 1 §2 Job edit page (/jobs/{id}/edit): tabs Details and Team settings (?tab=team); a failed load goes to /404.
export function Component() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'team' || asked === 'interview' ? asked : 'details';
  const job = useJob(id);
  const { data: me } = useMe();
  const company = useCompany(me?._company ?? null);
  const [status, setStatus] = useState<TSaveStatus>('idle');
  const onStatusChange = useCallback((s: TSaveStatus) => setStatus(s), []);

  const role = (me?.role ?? ROLES.viewer) as TRole;
  const canEdit = canEditJob(role);
  const verb = !me || canEdit ? 'Edit' : 'View';
  useEffect(() => {
    document.title = job.data ? `${verb} ${job.data.title || 'job'} · Hirecast` : `${verb} job · Hirecast`;
  }, [job.data, verb]);

  if (job.isError) return <Navigate to="/404" replace />;
  if (!job.data || !me) return <PageLoader label="Loading the job" />;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box
        sx={{
          position: 'sticky',
          top: SHELL_HEIGHT,
          zIndex: (theme) => theme.zIndex.appBar - 1,
          bgcolor: 'background.default',
          mx: { xs: -2, sm: -3 },
          px: { xs: 2, sm: 3 },
          pt: 1,
          borderBottom: 1,
          borderColor: 'divider',
          mb: 3,
        }}
      >
        <JobEditHeader job={job.data} status={status} readOnly={!canEdit} />
        <Tabs
          value={tab}
          onChange={(_, next: string) =>
            setParams(next === 'details' ? {} : { tab: next }, { replace: true })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Job edit sections"
        >
          <Tab value="details" label="Details" id="job-tab-details" aria-controls="job-panel-details" />
          <Tab value="team" label="Team settings" id="job-tab-team" aria-controls="job-panel-team" />
          <Tab
            value="interview"
            label="Interview"
            id="job-tab-interview"
            aria-controls="job-panel-interview"
          />
        </Tabs>
      </Box>
      {/* The form stays mounted on the Team tab so nothing typed is lost by switching tabs. */}
      <Box
        role="tabpanel"
        id="job-panel-details"
        aria-labelledby="job-tab-details"
        hidden={tab !== 'details'}
      >
        <JobDetailsForm
          job={job.data}
          canEdit={canEdit}
          isAgency={company.data?.isAgency ?? false}
          onStatusChange={onStatusChange}
        />
      </Box>
      {tab === 'team' && (
        <Box role="tabpanel" id="job-panel-team" aria-labelledby="job-tab-team">
          <JobTeamTab jobId={job.data._id} role={role} myEmail={me.email} />
        </Box>
      )}
      {tab === 'interview' && (
        <Box role="tabpanel" id="job-panel-interview" aria-labelledby="job-tab-interview">
          <InterviewTab jobId={job.data._id} canEdit={canEdit} />
        </Box>
      )}
    </Box>
  );
}

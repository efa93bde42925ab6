import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import { applicantMessages } from '@hirecast/domain/applicants';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMe } from '../../../lib/me.ts';
import { useApplicant } from '../api/get-applicant.ts';
import { useApplicantJob } from '../api/get-applicant-job.ts';
import { ApplicantView } from '../components/applicant-view.tsx';

export const applicantUnavailable = "This applicant doesn't exist or you don't have access";

function Unavailable({ title }: { title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of the tab has nowhere to go back to: go to the jobs instead.
  const canGoBack = location.key !== 'default';
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={title}
      actions={
        canGoBack ? (
          <Button variant="contained" size="large" onClick={() => void navigate(-1)}>
            Go back
          </Button>
        ) : (
          <Button variant="contained" size="large" component={RouterLink} to="/jobs">
            Go back
          </Button>
        )
      }
    />
  );
}

// spec 2 §2 /applications/{jobId}/{candidateId}/view: loads the job first, then the applicant.
export function Component() {
  const { jobId = '', candidateId = '' } = useParams();
  const { data: me } = useMe();
  const job = useApplicantJob(jobId);
  const applicant = useApplicant(candidateId, job.isSuccess);

  if (job.isError) return <Unavailable title={applicantMessages.jobUnavailable} />;
  if (applicant.isError || (applicant.data && applicant.data._job !== jobId))
    return <Unavailable title={applicantUnavailable} />;
  if (!job.data || !applicant.data || !me) return <PageLoader label="Loading applicant" />;
  return <ApplicantView key={applicant.data._id} job={job.data} applicant={applicant.data} me={me} />;
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TCompanyPageJob } from '@hirecast/domain/company-page';
import { companyPageMessages, latestJobs } from '@hirecast/domain/company-page-rules';
import { BlockFrame, RemoveBlockButton } from './block-frame.tsx';
import { JobRow } from './job-row.tsx';

// spec 3 §2 card kinds: latest jobs (up to 4, with a More jobs link to /employer?tab=jobs). Only open jobs.
export function LatestJobsCard({
  jobs,
  editable,
  onDelete,
}: {
  jobs: TCompanyPageJob[];
  editable: boolean;
  onDelete?: () => void;
}) {
  const shown = latestJobs(jobs);
  return (
    <BlockFrame
      label="Latest jobs"
      actions={editable && onDelete && <RemoveBlockButton label="Latest jobs" onClick={onDelete} />}
    >
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        Latest jobs
      </Typography>
      {shown.length === 0 ? (
        <Typography color="text.secondary">{companyPageMessages.noLiveJobs}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((job) => (
            <JobRow key={job._id} job={job} />
          ))}
        </Box>
      )}
      {jobs.length > 0 && (
        <Button component={RouterLink} to="/employer?tab=jobs" variant="outlined" sx={{ mt: 1.5 }}>
          More jobs
        </Button>
      )}
    </BlockFrame>
  );
}

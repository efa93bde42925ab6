import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TCompanyPageJob } from '@hirecast/domain/company-page';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { BlockFrame } from './blocks/block-frame.tsx';
import { JobRow } from './blocks/job-row.tsx';

// spec 3 §2 / §4: the Jobs tab lists the company's open jobs only, or says there are none.
export function JobsList({ jobs }: { jobs: TCompanyPageJob[] }) {
  return (
    <BlockFrame label="Open jobs">
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        Open jobs
      </Typography>
      {jobs.length === 0 ? (
        <Typography color="text.secondary">{companyPageMessages.noLiveJobs}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {jobs.map((job) => (
            <JobRow key={job._id} job={job} />
          ))}
        </Box>
      )}
    </BlockFrame>
  );
}

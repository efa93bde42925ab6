import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TCompanyPageJob } from '@hirecast/domain/company-page';
import { LOCATION_TYPE_LABELS } from '@hirecast/domain/job-labels';
import { formatSalary } from '@hirecast/domain/salary';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Type, place and salary of a job (spec 3 §3: the job fields the Jobs tab reads). */
export function jobFacts(job: TCompanyPageJob): string[] {
  const place = job.hideLocation
    ? null
    : [job.location?.city, job.location?.county].filter(Boolean).join(', ');
  return [
    capitalise(job.employmentType),
    LOCATION_TYPE_LABELS[job.locationType],
    place || null,
    formatSalary({ from: job.salary.from ?? null, to: job.salary.to ?? null, ...job.salary }),
  ].filter((fact): fact is string => Boolean(fact));
}

// One open job; its title links to the public job page (spec 3 §2: built from city, company, title, short id).
export function JobRow({ job }: { job: TCompanyPageJob }) {
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0.5 } }}
    >
      <Link
        href={`${window.location.origin}${job.path}`}
        target="_blank"
        rel="noopener"
        sx={{ fontWeight: 650, fontSize: '1.05rem' }}
      >
        {job.title}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {jobFacts(job).join(' · ')}
      </Typography>
    </Box>
  );
}

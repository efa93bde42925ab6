import type { TPublicCompanyPage } from '@hirecast/domain/company-page';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { LOCATION_TYPE_LABELS } from '@hirecast/domain/job-labels';
import { formatSalary } from '@hirecast/domain/salary';
import { capitalise, formatPlace } from '../../../lib/format.ts';

type TJob = TPublicCompanyPage['jobs'][number];

export function CompanyJobList({ jobs, linkTarget }: { jobs: TJob[]; linkTarget?: '_top' }) {
  return (
    <ul className="job-list">
      {jobs.map((job) => {
        const meta = [
          job.hideLocation ? null : formatPlace(job.location),
          capitalise(job.employmentType),
          LOCATION_TYPE_LABELS[job.locationType],
          formatSalary(job.salary),
        ].filter(Boolean);
        return (
          <li key={job.shortId}>
            <a href={job.path} target={linkTarget}>
              <span className="job-list-title">{job.title}</span>
              <span className="job-list-meta">{meta.join(' · ')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** spec 3 §4: the Jobs tab lists only open jobs; §8: with none, 'There are currently no live jobs.' */
export function CompanyJobs({ jobs, linkTarget }: { jobs: TJob[]; linkTarget?: '_top' }) {
  return (
    <section className="card company-jobs" aria-labelledby="company-jobs-title">
      <h3 id="company-jobs-title">Open jobs</h3>
      {jobs.length === 0 ? (
        <p className="no-jobs">{companyPageMessages.noLiveJobs}</p>
      ) : (
        <CompanyJobList jobs={jobs} linkTarget={linkTarget} />
      )}
    </section>
  );
}

import type { TPublicJobSummary } from '@hirecast/domain/public-job';
import { capitalise } from '../../../lib/format.ts';

export function OtherJobs({ jobs, companyName }: { jobs: TPublicJobSummary[]; companyName: string }) {
  if (jobs.length === 0) return null;
  return (
    <section className="card other-jobs" aria-labelledby="other-jobs-title">
      <h2 id="other-jobs-title">More jobs at {companyName}</h2>
      <ul className="job-list">
        {jobs.map((job) => (
          <li key={job.shortId}>
            <a href={job.path}>
              <span className="job-list-title">{job.title}</span>
              <span className="job-list-meta">
                {[job.city, capitalise(job.employmentType)].filter(Boolean).join(' · ')}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { TPublicJob } from '@hirecast/domain/public-job';
import { formatSalary } from '@hirecast/domain/salary';
import { LOCATION_TYPE_LABELS } from '@hirecast/domain/job-labels';
import { capitalise, formatPlace } from '../../../lib/format.ts';

/** Company, location (unless hidden), employment and location type, salary (spec 3 §9 formatting). */
export function JobFacts({ job }: { job: TPublicJob }) {
  const place = formatPlace(job.location);
  const salary = formatSalary(job.salary);
  const facts: { label: string; value: string }[] = [
    { label: 'Company', value: job.company.name },
    ...(place ? [{ label: 'Location', value: place }] : []),
    { label: 'Employment', value: capitalise(job.employmentType) },
    { label: 'Workplace', value: LOCATION_TYPE_LABELS[job.locationType] },
    ...(salary ? [{ label: 'Salary', value: salary }] : []),
  ];
  return (
    <dl className="facts">
      {facts.map((fact) => (
        <div className={`fact fact-${fact.label.toLowerCase()}`} key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

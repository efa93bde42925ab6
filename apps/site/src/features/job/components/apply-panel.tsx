import type { TPublicJob } from '@hirecast/domain/public-job';
import { formatSalary } from '@hirecast/domain/salary';
import { applyMessages } from '@hirecast/domain/apply-messages';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * 'Apply': a panel beside the job on wide screens, a bar fixed to the bottom on phones. A closed job says so
 * instead; a job that redirects candidates links to its own application page (same tab).
 */
export function ApplyPanel({
  job,
  onApply,
  onExternalApply,
  onWarmUp,
}: {
  job: TPublicJob;
  onApply: () => void;
  onExternalApply: () => void;
  onWarmUp?: () => void;
}) {
  const salary = formatSalary(job.salary);
  const closed = job.status === 'closed';
  return (
    <section className="apply-panel" aria-label="Apply for this job">
      <div className="apply-panel-summary">
        <p className="apply-panel-title">{job.title}</p>
        <p className="apply-panel-meta">{[job.company.name, salary].filter(Boolean).join(' · ')}</p>
      </div>
      {closed ? (
        <p className="closed-notice">{applyMessages.jobClosed}</p>
      ) : job.applyUrl && isWebUrl(job.applyUrl) ? (
        <a className="button button-primary button-block" href={job.applyUrl} onClick={onExternalApply}>
          Apply
        </a>
      ) : (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={onApply}
          onPointerEnter={onWarmUp}
          onFocus={onWarmUp}
        >
          Apply
        </button>
      )}
    </section>
  );
}

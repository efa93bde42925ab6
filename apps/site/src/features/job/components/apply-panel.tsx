import type { TPublicJob } from '@hirecast/domain/public-job';
import { formatSalary } from '@hirecast/domain/salary';
import { applyMessages } from '@hirecast/domain/apply-messages';

/** The job page's hash that opens the apply flow (job-route.tsx). */
export const APPLY_HASH_ID = 'apply';

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
        // Issue 23 item 8: a plain link to the apply flow (#apply), so a tap before the scripts load still gets
        // there (the page opens the flow for #apply once they run); the scripts take it over. It acts as a
        // button, so it says so and answers the space bar too.
        <a
          href={`#${APPLY_HASH_ID}`}
          role="button"
          className="button button-primary button-block"
          onClick={(event) => {
            event.preventDefault();
            onApply();
          }}
          onKeyDown={(event) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            onApply();
          }}
          onPointerEnter={onWarmUp}
          onFocus={onWarmUp}
        >
          Apply
        </a>
      )}
    </section>
  );
}

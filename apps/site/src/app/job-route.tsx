import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { buildCompanyPagePath } from '@hirecast/domain/company-page-rules';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { SiteLayout } from '../components/site-layout.tsx';
import { sendAssetEngagement, sendEngagement } from '../lib/engagement.ts';
import { trackJobEvent } from '../features/job/api/track-event.ts';
import { APPLY_HASH_ID, ApplyPanel } from '../features/job/components/apply-panel.tsx';
import { JobPage } from '../features/job/components/job-page.tsx';
import { getHash, getServerHash, setHash, subscribeToHash } from '../lib/location-hash.ts';

// The apply flow (and zod with it) loads only when a candidate starts applying: the job page stays small.
const loadApplyFlow = () => import('../features/apply/components/apply-flow.tsx');
const ApplyFlow = lazy(loadApplyFlow);

// #apply: the flow is open (back closes it); #applied: its confirmation, which survives a reload.
const APPLY_HASH = `#${APPLY_HASH_ID}`;
const APPLIED_HASH = '#applied';
const FLOW_ENTRY = { hirecastApply: true };
const isFlowEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && 'hirecastApply' in state && state.hirecastApply === true;

/** The job page, and the apply flow in its place at #apply (so the browser's back button closes the flow). */
export function JobRoute({ job, preview }: { job: TPublicJob; preview: boolean }) {
  const hash = useSyncExternalStore(subscribeToHash, getHash, getServerHash);
  const canApply = job.status === 'open' && !job.applyUrl;
  const applying = canApply && (hash === APPLY_HASH || hash === APPLIED_HASH);

  useEffect(() => {
    if (preview) return;
    trackJobEvent({ shortId: job.shortId, event: 'visit' });
    // Apply tapped before the scripts ran (a plain link to #apply): the flow opens now, and it started then.
    if (canApply && window.location.hash === APPLY_HASH)
      trackJobEvent({ shortId: job.shortId, event: 'apply_started' });
  }, [job.shortId, preview, canApply]);

  const startApply = useCallback(() => {
    if (!preview) trackJobEvent({ shortId: job.shortId, event: 'apply_started' });
    setHash(APPLY_HASH, { state: FLOW_ENTRY });
    window.scrollTo(0, 0);
  }, [job.shortId, preview]);

  // Back to the job: through history when the flow added its entry, else by dropping the hash.
  const closeApply = useCallback(() => {
    if (isFlowEntry(window.history.state)) window.history.back();
    else setHash('', { replace: true });
  }, []);

  const onSubmitted = useCallback(() => setHash(APPLIED_HASH, { replace: true, state: FLOW_ENTRY }), []);

  const onVideoMark = useCallback(
    (second: number) => {
      if (!preview) sendEngagement({ shortId: job.shortId, second });
    },
    [job.shortId, preview],
  );
  const onAdditionalVideoMark = useCallback(
    (assetId: string, second: number) => {
      if (!preview) sendAssetEngagement({ assetId, second });
    },
    [preview],
  );

  const banner = preview ? (
    <p className="preview-banner" role="note" aria-label="Preview">
      <strong className="preview-tag">Preview</strong> This is how candidates see this job. Visits are not
      counted
      {job.status === 'closed' ? ', and the job is closed.' : '.'}
    </p>
  ) : null;

  return (
    <SiteLayout
      branding={{ ...job.company, agency: job.agency }}
      brandHref={buildCompanyPagePath(job.company.slug)}
      banner={banner}
    >
      {applying ? (
        <Suspense
          fallback={
            <p className="card loading" role="status">
              Loading the application form…
            </p>
          }
        >
          <ApplyFlow
            job={job}
            preview={preview}
            submitted={hash === APPLIED_HASH}
            onClose={closeApply}
            onSubmitted={onSubmitted}
          />
        </Suspense>
      ) : (
        <JobPage
          job={job}
          onVideoMark={onVideoMark}
          onAdditionalVideoMark={onAdditionalVideoMark}
          applyPanel={
            <ApplyPanel
              job={job}
              onApply={startApply}
              onExternalApply={() => {
                if (!preview) trackJobEvent({ shortId: job.shortId, event: 'apply_started' });
              }}
              onWarmUp={() => void loadApplyFlow()}
            />
          }
        />
      )}
    </SiteLayout>
  );
}

import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ROLES } from '@hirecast/domain/constants';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useJobs } from '../api/get-jobs.ts';
import { useReorderJobs } from '../api/reorder-jobs.ts';
import { AddListingDialog } from '../components/add-listing/add-listing-dialog.tsx';
import { FirstJobPrompt } from '../components/add-listing/first-job-prompt.tsx';
import { JobCard } from '../components/dashboard/job-card.tsx';
import { reorderedJobOrders, reorderHint, sortJobs } from '../components/dashboard/job-order.ts';
import { JobsEmptyState } from '../components/dashboard/jobs-empty-state.tsx';
import { JobsGridLayout, JobsGridSkeleton } from '../components/dashboard/jobs-grid.tsx';
import { JobsHeader } from '../components/dashboard/jobs-header.tsx';
import { SortableJobsGrid } from '../components/dashboard/sortable-jobs-grid.tsx';

// spec 1 §9: the job search waits 200 ms after the last key.
export const SEARCH_DEBOUNCE_MS = 200;

// spec 1 §2 Jobs dashboard (/jobs). The search and the 'Live jobs' filter live in the URL, so a reload or a
// shared link keeps them.
export function Component() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const liveOnly = params.get('live') === '1';
  const [draft, setDraft] = useState(search);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [firstJobId, setFirstJobId] = useState<string | null>(null);
  const jobsQuery = useJobs({ search, liveOnly });
  const reorder = useReorderJobs();

  const isViewer = (me?.role ?? ROLES.viewer) === ROLES.viewer;
  const filtered = Boolean(search.trim()) || liveOnly;
  const jobs = sortJobs(jobsQuery.data ?? []);

  useEffect(() => {
    if (draft === search) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (draft.trim()) next.set('search', draft);
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setParams]);

  const setLiveOnly = (value: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('live', '1');
        else next.delete('live');
        return next;
      },
      { replace: true },
    );

  const clearFilters = () => {
    setDraft('');
    setParams({}, { replace: true });
  };

  const onReorder = (movedIds: string[]) => {
    const movable = jobs.filter((job) => !job.isFirstJob);
    reorder.mutate(reorderedJobOrders(movable, movedIds), {
      onError: () => toast.error(jobMessages.updateFailure),
    });
  };

  const onCreated = (job: TJob) => {
    setAdding(false);
    if (job.isFirstJob) setFirstJobId(job._id);
  };

  let body;
  if (jobsQuery.isPending) body = <JobsGridSkeleton />;
  else if (jobsQuery.isError)
    body = (
      <MessagePanel
        illustration={<ErrorIllustration />}
        title="We could not load your jobs"
        titleComponent="h2"
        actions={
          <Button variant="contained" onClick={() => void jobsQuery.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(jobsQuery.error)}
      </MessagePanel>
    );
  else if (jobs.length === 0 && !filtered)
    body = <JobsEmptyState canCreate={!isViewer} onCreate={() => setAdding(true)} />;
  else if (jobs.length === 0)
    body = (
      <MessagePanel
        title="No jobs match"
        titleComponent="h2"
        actions={
          <Button variant="outlined" onClick={clearFilters}>
            Clear search and filters
          </Button>
        }
      >
        {liveOnly ? 'No live job matches your search.' : 'No job title matches your search.'}
      </MessagePanel>
    );
  else if (editing)
    body = (
      <>
        <Alert severity="info" sx={{ mb: 2.5 }}>
          Drag a card by its handle to move it. With the keyboard: focus a handle, press Space, move with the
          arrow keys and press Space again to drop.
        </Alert>
        <SortableJobsGrid jobs={jobs} isViewer={isViewer} onReorder={onReorder} />
      </>
    );
  else
    body = (
      <JobsGridLayout label="Jobs">
        {jobs.map((job) => (
          <JobCard key={job._id} job={job} isViewer={isViewer} />
        ))}
      </JobsGridLayout>
    );

  return (
    <>
      <title>Dashboard · Hirecast</title>
      <JobsHeader
        search={draft}
        onSearch={setDraft}
        liveOnly={liveOnly}
        onLiveOnly={setLiveOnly}
        editing={editing && !isViewer}
        onEditing={setEditing}
        canEdit={!isViewer}
        reorderHint={reorderHint(jobs)}
        showFilters={filtered || jobsQuery.isPending || jobs.length > 0}
        onNew={() => setAdding(true)}
      />
      {body}
      {adding && <AddListingDialog onClose={() => setAdding(false)} onCreated={onCreated} />}
      {firstJobId && <FirstJobPrompt jobId={firstJobId} onClose={() => setFirstJobId(null)} />}
    </>
  );
}

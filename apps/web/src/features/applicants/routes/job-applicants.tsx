import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { APPLICANT_PAGE_SIZES, applicantMessages } from '@hirecast/domain/applicants';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { useCompany } from '../../../lib/company.ts';
import { useMe } from '../../../lib/me.ts';
import { useExportApplicants } from '../api/export-applicants.ts';
import { useApplicants } from '../api/get-applicants.ts';
import { useJob } from '../api/get-job.ts';
import type { TApplicant } from '@hirecast/domain/application';
import { applicantPath, totalCount } from '../components/applicant-display.ts';
import { ApplicantsPager } from '../components/applicants-pager.tsx';
import { ApplicantsToolbar, StatusChips } from '../components/applicants-filters.tsx';
import { ApplicantsGrid, ApplicantsGridSkeleton } from '../components/applicants-grid.tsx';
import { ApplicantsHeader } from '../components/applicants-header.tsx';
import { TranscriptSearch } from '../components/transcript-search.tsx';
import {
  hasActiveFilters,
  readApplicantsParams,
  resetApplicantsParams,
  writeApplicantsParams,
  type TApplicantsParams,
} from '../components/applicants-params.ts';
import {
  ApplicantsLoadError,
  JobUnavailable,
  NoApplicantsYet,
  NoMatchingApplicants,
  RedirectedJobEmpty,
} from '../components/applicants-states.tsx';
import { ApplicantsTable, ApplicantsTableSkeleton } from '../components/applicants-table.tsx';
import { startingLetter, type TLetterContext } from '../components/letter-text.ts';
import { ReengageDialog } from '../components/reengage-dialog.tsx';
import { useInviteFromRow } from '../components/use-invite-from-row.tsx';
import { useSearchDraft } from '../components/use-search-draft.ts';
import { useStatusChange } from '../components/use-status-change.tsx';

// spec 2 §2 and §9: at 900 px or narrower the grid is forced.
export const NARROW_MEDIA = '(max-width:900px)';

// spec 2 §2 Applicants list (/jobs/{id}/view). Status, search, sort, page and view mode live in the URL.
export function Component() {
  const { id: jobId = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readApplicantsParams(params);
  const narrow = useMediaQuery(NARROW_MEDIA);
  const viewMode = narrow ? 'grid' : filters.viewMode;
  const pageSize = APPLICANT_PAGE_SIZES[viewMode];

  const [draft, setDraft] = useSearchDraft(filters.search, setParams);

  const job = useJob(jobId);
  const { data: me } = useMe();
  const company = useCompany(me?._company ?? null);
  const role = (me?.role ?? ROLES.viewer) as TRole;
  const isViewer = role === ROLES.viewer;
  const list = useApplicants({
    jobId,
    status: filters.status,
    search: filters.search,
    sort: filters.sort,
    interview: filters.interview,
    skip: (filters.page - 1) * pageSize,
    limit: pageSize,
  });
  const exporting = useExportApplicants();
  const [reengaging, setReengaging] = useState(false);
  const invite = useInviteFromRow(jobId, isViewer);

  const jobTitle = job.data?.title.trim() || applicantMessages.untitledJob;
  const letterContext: TLetterContext = {
    jobTitle,
    companyName: company.data?.name ?? null,
    letters: company.data?.letters ?? [],
    me: me ?? null,
  };
  const status = useStatusChange({ jobId, letterContext, calendarLink: me?.calendarLink ?? null });

  // Filters push a history entry (back undoes them) and keep the scroll; a new page scrolls to the top.
  const change = (next: Partial<TApplicantsParams>) =>
    setParams((prev) => writeApplicantsParams(prev, next), { preventScrollReset: next.page === undefined });

  // A page past the end (the last applicant of it moved to another status) shows the last page instead.
  const count = list.data?.count ?? 0;
  // A search that matches very many applicants says "more than count" (decision 016): one page more is offered
  // each time, as far as the matches go.
  const countExact = list.data?.countExact ?? true;
  const lastPage = Math.max(1, Math.ceil(count / pageSize) + (countExact ? 0 : 1));
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > lastPage)
      setParams((prev) => writeApplicantsParams(prev, { page: lastPage }), { replace: true });
  }, [list.data, list.isPlaceholderData, filters.page, lastPage, setParams]);

  if (job.isError) return <JobUnavailable />;

  const reset = () => {
    setDraft('');
    setParams((prev) => resetApplicantsParams(prev), { preventScrollReset: true });
    toast.success(applicantMessages.filtersReset);
  };

  const copyLink = async () => {
    // The link carries what is typed in the search box even before the URL has caught up with it.
    const query = writeApplicantsParams(params, { search: draft }).toString();
    const url = `${window.location.origin}${location.pathname}${query ? `?${query}` : ''}`;
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast.success(applicantMessages.filteredLinkCopied);
    } catch {
      toast.error(applicantMessages.linkFailed);
    }
  };

  const exportCsv = () =>
    exporting.mutate(
      { jobId, title: jobTitle, status: filters.status, sort: filters.sort },
      { onError: () => toast.error(applicantMessages.exportFailed) },
    );

  const statistic = list.data?.statistic ?? null;
  const searching = filters.search.trim() !== '' || filters.status !== null;
  const jobHasApplicants = statistic !== null && totalCount(statistic) > 0;
  const showFilters = list.isPending || list.isError || jobHasApplicants || searching;
  const applicants = list.data?.applicants ?? [];

  let body;
  if (list.isPending || (!job.data && !list.isError)) {
    body = viewMode === 'grid' ? <ApplicantsGridSkeleton /> : <ApplicantsTableSkeleton />;
  } else if (list.isError) {
    body = <ApplicantsLoadError onRetry={() => void list.refetch()} />;
  } else if (applicants.length === 0 && (searching || jobHasApplicants)) {
    body = <NoMatchingApplicants onReset={reset} />;
  } else if (applicants.length === 0 && job.data?.customApplication) {
    body = <RedirectedJobEmpty job={job.data} />;
  } else if (applicants.length === 0 && job.data) {
    body = <NoApplicantsYet job={job.data} />;
  } else {
    const from = (filters.page - 1) * pageSize + 1;
    // The applicant page gets the list's filters and the applicant's position, for its previous/next arrows.
    const linkFor = (a: TApplicant, index: number) => {
      const query = writeApplicantsParams(params, { search: filters.search });
      query.delete('viewMode');
      query.set('index', String(from - 1 + index));
      return applicantPath(jobId, a._id, query);
    };
    body = (
      <>
        <Box sx={{ height: 4, mb: 1 }}>
          {list.isPlaceholderData && <LinearProgress aria-label="Updating applicants" />}
        </Box>
        {viewMode === 'grid' ? (
          <ApplicantsGrid
            linkFor={linkFor}
            applicants={applicants}
            role={role}
            onPickStatus={status.pick}
            inviteFor={invite.inviteFor}
          />
        ) : (
          <ApplicantsTable
            linkFor={linkFor}
            applicants={applicants}
            role={role}
            onPickStatus={status.pick}
            inviteFor={invite.inviteFor}
          />
        )}
        <ApplicantsPager
          from={from}
          shown={applicants.length}
          count={count}
          countExact={countExact}
          pageSize={pageSize}
          page={filters.page}
          lastPage={lastPage}
          narrow={narrow}
          onPage={(page) => change({ page })}
        />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <title>{`${job.data ? jobTitle : 'Applicants'} · Hirecast`}</title>
      <ApplicantsHeader
        title={job.data ? job.data.title : null}
        // Re-engage and Export need applicants; viewers get neither (spec 2 §6).
        showActions={!isViewer && Boolean(job.data) && jobHasApplicants}
        exporting={exporting.isPending}
        onReengage={() => setReengaging(true)}
        onExport={exportCsv}
      />
      {showFilters && (
        <>
          <StatusChips
            statistic={statistic}
            status={filters.status}
            onStatus={(s) => change({ status: s })}
          />
          <ApplicantsToolbar
            search={draft}
            onSearch={setDraft}
            sort={filters.sort}
            onSort={(sort) => change({ sort })}
            interview={filters.interview}
            onInterview={(interview) => change({ interview })}
            viewMode={viewMode}
            onViewMode={(mode) => change({ viewMode: mode })}
            viewForced={narrow}
            canReset={hasActiveFilters(filters) || draft.trim() !== ''}
            onReset={reset}
            onCopyLink={() => void copyLink()}
          />
          <TranscriptSearch jobId={jobId} />
        </>
      )}
      {body}
      {status.dialog}
      {invite.dialog}
      {reengaging && (
        <ReengageDialog
          jobId={jobId}
          applicants={applicants}
          letter={startingLetter('reengaging', letterContext)}
          onClose={() => setReengaging(false)}
        />
      )}
    </Box>
  );
}

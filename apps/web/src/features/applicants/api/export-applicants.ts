import { useMutation } from '@tanstack/react-query';
import type { TApplicantSort, TApplicantsCsvRequest, TApplicationStatus } from '@hirecast/domain/applicants';
import { downloadFile } from '../../../lib/download.ts';

export type TExportApplicantsInput = {
  jobId: string;
  title: string;
  status: TApplicationStatus | null;
  sort: TApplicantSort;
};

/** The list's sort as the CSV call spells it (spec 2 §7: sortByRate or sortByDate, 1 or -1). */
export function csvRequest(status: TApplicationStatus | null, sort: TApplicantSort): TApplicantsCsvRequest {
  const order =
    sort === 'rating-high'
      ? { sortByRate: -1 as const }
      : sort === 'rating-low'
        ? { sortByRate: 1 as const }
        : { sortByDate: sort === 'oldest' ? (1 as const) : (-1 as const) };
  return status ? { status, ...order } : order;
}

// spec 2 §7 Applications: POST /job/{id}/applicants/csv {status?, sortByRate?, sortByDate?} answering text/csv,
// saved as '{job title} applicants.csv'.
export const exportApplicants = ({ jobId, title, status, sort }: TExportApplicantsInput) =>
  downloadFile({
    path: `/job/${encodeURIComponent(jobId)}/applicants/csv`,
    filename: `${title} applicants.csv`,
    method: 'POST',
    body: csvRequest(status, sort),
  });

export const useExportApplicants = () => useMutation({ mutationFn: exportApplicants });

import { useMutation } from '@tanstack/react-query';
import type { TApplicantSort, TApplicantsCsvRequest, TApplicationStatus } from '@hirecast/domain/applicants';
import { ApiError } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

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

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// spec 2 §7 Applications: POST /job/{id}/applicants/csv {status?, sortByRate?, sortByDate?} answering text/csv,
// saved as '{job title} applicants.csv'. lib/download.ts sends no body, so this call carries its own: the same
// headers as the API client, a JSON body, and a file answer.
export async function exportApplicants({ jobId, title, status, sort }: TExportApplicantsInput) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/csv' };
  const token = session.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const companyId = session.getCompanyId();
  if (companyId) headers['x-company-id'] = companyId;
  const res = await fetch(`/api/job/${encodeURIComponent(jobId)}/applicants/csv`, {
    method: 'POST',
    headers,
    body: JSON.stringify(csvRequest(status, sort)),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(res.status, { code: 'INTERNAL', message: body?.error?.message ?? res.statusText });
  }
  saveBlob(await res.blob(), `${title} applicants.csv`);
}

export const useExportApplicants = () => useMutation({ mutationFn: exportApplicants });

import { useQuery } from '@tanstack/react-query';
import { companyQueryOptions } from '../../../lib/company.ts';

// spec 1 §7 GET /company/{id}: the company the settings tabs edit. While company details are being read from a
// link (POST /texau, `texauLoading`), the answer is polled until the queued job has finished.
export const TEXAU_POLL_MS = 2000;

export const useSettingsCompany = (companyId: string | null) =>
  useQuery({
    ...companyQueryOptions(companyId),
    refetchInterval: (query) => (query.state.data?.texauLoading ? TEXAU_POLL_MS : false),
  });

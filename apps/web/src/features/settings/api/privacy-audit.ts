import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditAction, TAuditEvent } from '@hirecast/domain/privacy';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

// Issue 26 item 4: GET /privacy/audit, the company's audit with filters, as pages or as CSV.
export type TAuditFilters = {
  action?: TAuditAction;
  actor?: string;
  from?: string;
  to?: string;
  page: number;
};

const queryString = (filters: Omit<TAuditFilters, 'page'> & { page?: number; format?: 'csv' }) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params.toString();
};

export const getAudit = (filters: TAuditFilters) =>
  api.get<{ items: TAuditEvent[]; total: number }>(`/privacy/audit?${queryString(filters)}`);

export const useAudit = (companyId: string | null, filters: TAuditFilters) =>
  useQuery({
    queryKey: ['privacy', 'audit', companyId, filters] as const,
    queryFn: () => getAudit(filters),
    placeholderData: keepPreviousData,
  });

export const downloadAuditCsv = ({ page: _page, ...filters }: TAuditFilters) =>
  downloadFile({
    path: `/privacy/audit?${queryString({ ...filters, format: 'csv' })}`,
    filename: 'privacy audit.csv',
  });

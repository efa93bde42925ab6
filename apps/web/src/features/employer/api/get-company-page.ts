import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCompanyPage } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Company page: GET /company-page/{companyId}/company. The server makes the page with its default
// blocks on the first call.
export const companyPageQueryKey = (companyId: string | null) => ['company-page', companyId] as const;

export const getCompanyPage = (companyId: string, signal?: AbortSignal) =>
  api.get<TCompanyPage>(`/company-page/${encodeURIComponent(companyId)}/company`, { signal });

export const companyPageQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: companyPageQueryKey(companyId),
    queryFn: ({ signal }) => getCompanyPage(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });

export const useCompanyPage = (companyId: string | null) => useQuery(companyPageQueryOptions(companyId));

const isCompanyPage = (answer: unknown): answer is TCompanyPage =>
  typeof answer === 'object' && answer !== null && 'pages' in answer && '_company' in answer;

/**
 * After a page write: a write that answers the whole page replaces the cached one (no second request); any
 * other answer (a story, a deletion) has the page read again.
 */
export const applyPageAnswer = (queryClient: QueryClient, answer: unknown) =>
  isCompanyPage(answer)
    ? queryClient.setQueryData(companyPageQueryKey(answer._company), answer)
    : queryClient.invalidateQueries({ queryKey: ['company-page'] });

export const pagePath = (pageId: string) => `/company-page/${encodeURIComponent(pageId)}`;

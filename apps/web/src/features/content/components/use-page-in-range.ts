import { useEffect } from 'react';
import { ASSET_LIMITS } from '@hirecast/domain/asset';

export type TOnPage = (page: number, opts?: { replace?: boolean }) => void;

/**
 * A page past the last one (its last card was just deleted, or an old link) moves to the last page that has
 * cards, in place of the empty one in the history. `read` gives the page's count and the cards it shows; only
 * the page's own answer counts, not the previous page's standing in while it loads (keepPreviousData).
 * Answers whether the page is being moved (show the loading state meanwhile, not an empty library).
 */
export function usePageInRange<TData>(
  query: { data: TData | undefined; isPlaceholderData: boolean },
  read: (data: TData) => { count: number; shown: number },
  { page, onPage }: { page: number; onPage: TOnPage },
): boolean {
  const answer = query.data === undefined || query.isPlaceholderData ? null : read(query.data);
  const past = page > 0 && answer?.shown === 0;
  const last = Math.max(0, Math.ceil((answer?.count ?? 0) / ASSET_LIMITS.pageSize) - 1);
  useEffect(() => {
    if (past) onPage(Math.min(last, page - 1), { replace: true });
  }, [past, last, page, onPage]);
  return past;
}

import { useEffect } from 'react';
import { ASSET_LIMITS } from '@hirecast/domain/asset';

export type TOnPage = (page: number, opts?: { replace?: boolean }) => void;

/**
 * A page past the last one (its last card was just deleted, or an old link) moves to the last page that has
 * cards, in place of the empty one in the history. `shown` and `count` are undefined while loading, and
 * `shown` while the previous page's answer stands in (keepPreviousData): that is not this page's.
 * Answers whether the page is being moved (show the loading state meanwhile, not an empty library).
 */
export function usePageInRange(opts: {
  page: number;
  count: number | undefined;
  shown: number | undefined;
  onPage: TOnPage;
}): boolean {
  const { page, count, shown, onPage } = opts;
  const past = page > 0 && shown === 0 && count !== undefined;
  const last = Math.max(0, Math.ceil((count ?? 0) / ASSET_LIMITS.pageSize) - 1);
  useEffect(() => {
    if (past) onPage(Math.min(last, page - 1), { replace: true });
  }, [past, last, page, onPage]);
  return past;
}

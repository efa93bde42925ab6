import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, writeApplicantsParams } from './applicants-params.ts';

/**
 * The applicants list's search box: it answers every key; the URL (and the query) follow 200 ms after the last
 * one. A search that changes in the URL by other means (back, forward, reset) comes back into the box. The URL
 * catching up with what was typed does not: the router applies it in a transition, which can land after more
 * keys were typed, and copying it into the box would drop those keys.
 */
export function useSearchDraft(search: string, setParams: SetURLSearchParams) {
  const [draft, setDraft] = useState(search);
  const [seenSearch, setSeenSearch] = useState(search);
  const [sentSearch, setSentSearch] = useState<string | null>(null);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search === sentSearch) setSentSearch(null);
    else setDraft(search);
  }
  useEffect(() => {
    if (draft === search) return;
    const timer = setTimeout(() => {
      setSentSearch(draft);
      setParams((prev) => writeApplicantsParams(prev, { search: draft }), {
        replace: true,
        preventScrollReset: true,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setParams]);
  return [draft, setDraft] as const;
}

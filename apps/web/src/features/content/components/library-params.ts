import { formatPlaybackTime } from '@hirecast/domain/video-template-rules';

// spec 3 §2 Routes: /content?tab=recorded|animated|images&page=N&search=... (page 0-based, recorded by default).
export const LIBRARY_TABS = [
  { value: 'images', label: 'Images' },
  { value: 'recorded', label: 'Videos' },
  { value: 'animated', label: 'Animate' },
] as const;
export type TLibraryTab = (typeof LIBRARY_TABS)[number]['value'];
export const DEFAULT_TAB: TLibraryTab = 'recorded';

// spec 3 §9: search debounce 300 ms.
export const SEARCH_DEBOUNCE_MS = 300;

export type TLibraryParams = { tab: TLibraryTab; page: number; search: string };

export function readLibraryParams(params: URLSearchParams): TLibraryParams {
  const rawTab = params.get('tab');
  const tab = LIBRARY_TABS.find((t) => t.value === rawTab)?.value ?? DEFAULT_TAB;
  const rawPage = Number(params.get('page') ?? '0');
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 0;
  return { tab, page, search: params.get('search') ?? '' };
}

/** The next query string: defaults are left out, and a new tab or search starts again at page 0. */
export function writeLibraryParams(prev: URLSearchParams, change: Partial<TLibraryParams>) {
  const current = readLibraryParams(prev);
  const next = new URLSearchParams(prev);
  const merged = { ...current, ...change };
  if ((change.tab !== undefined && change.tab !== current.tab) || change.search !== undefined) {
    if (change.page === undefined) merged.page = 0;
  }
  if (change.tab !== undefined && change.tab !== current.tab && change.search === undefined)
    merged.search = '';
  if (merged.tab === DEFAULT_TAB) next.delete('tab');
  else next.set('tab', merged.tab);
  if (merged.page > 0) next.set('page', String(merged.page));
  else next.delete('page');
  if (merged.search.trim()) next.set('search', merged.search);
  else next.delete('search');
  return next;
}

/** "1:05" for 65 seconds; durations are stored in seconds. Rounded as every player here rounds (the domain's). */
export const formatDuration = (seconds: number | null | undefined) =>
  formatPlaybackTime(seconds === null || seconds === undefined ? null : seconds * 1000);

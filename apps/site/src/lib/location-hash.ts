// The URL hash as an external store (useSyncExternalStore): the server and the first client render see '',
// then the real hash. pushState/replaceState fire no event, so changes made here announce themselves.
const CHANGE = 'hirecast:location';

export function subscribeToHash(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

export const getHash = () => window.location.hash;
export const getServerHash = () => '';

/** Sets the hash ('' removes it) as a new history entry or in place, keeping path and query. */
export function setHash(
  hash: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
) {
  const url = `${window.location.pathname}${window.location.search}${hash}`;
  if (replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  window.dispatchEvent(new Event(CHANGE));
}

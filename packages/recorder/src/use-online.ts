// Whether the browser says it is online (navigator.onLine, kept current by its 'online' and 'offline' events). A
// take's upload only learns of a lost connection when its next request fails, and the next request waits for
// the next chunk (Chrome's MP4 hands one over every 5 s): the browser's word comes first. On the server, and in
// a browser that never says, the answer is 'online'.
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );

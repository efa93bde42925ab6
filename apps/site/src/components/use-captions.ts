import { type RefObject, useCallback, useEffect, useSyncExternalStore } from 'react';
import { CAPTIONS_CHOICE_KEY, captionsOnFrom } from '@hirecast/domain/captions';

// Issue 34 item 2: the viewer's captions choice, shared by every player of every Hirecast page (localStorage),
// read as an outside store so the server's render (no storage: captions on) and the page's agree.
const listeners = new Set<() => void>();

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(CAPTIONS_CHOICE_KEY);
  } catch {
    return null; // storage blocked (a private window, an embed's third-party context)
  }
}

function storeChoice(on: boolean) {
  try {
    window.localStorage.setItem(CAPTIONS_CHOICE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered for the next page; the listeners below still hear it on this one.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function showTrack(video: HTMLVideoElement | null, on: boolean) {
  const track = video?.textTracks?.[0];
  if (track) track.mode = on ? 'showing' : 'hidden';
}

/**
 * The captions of a player's <track>, on or off as the viewer last chose (the CC button, or the browser's own
 * captions menu, whose choice is remembered too).
 */
export function useCaptions(ref: RefObject<HTMLVideoElement | null>, enabled: boolean) {
  const on = useSyncExternalStore(
    subscribe,
    () => captionsOnFrom(storedChoice()),
    () => true,
  );
  useEffect(() => {
    const video = ref.current;
    // jsdom's text track list is no event target; every browser's is.
    if (!enabled || !video || typeof video.textTracks?.addEventListener !== 'function') return;
    const apply = () => showTrack(video, on);
    apply();
    const changed = () => {
      const showing = video.textTracks[0]?.mode === 'showing';
      if (showing !== on) storeChoice(showing);
    };
    video.textTracks.addEventListener('addtrack', apply);
    video.textTracks.addEventListener('change', changed);
    return () => {
      video.textTracks.removeEventListener('addtrack', apply);
      video.textTracks.removeEventListener('change', changed);
    };
  }, [ref, enabled, on]);
  const toggle = useCallback(() => storeChoice(!captionsOnFrom(storedChoice())), []);
  return { on, toggle };
}

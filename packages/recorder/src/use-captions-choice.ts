import { type RefObject, useCallback, useEffect, useSyncExternalStore } from 'react';
import { CAPTIONS_CHOICE_KEY, captionsOnFrom } from '@hirecast/domain/captions';

// Issue 34 item 2: the viewer's captions choice, shared by every player of the app and the public site (same
// origin and key), kept in localStorage and read as an outside store, so the site's server render (no storage:
// captions on) and the page agree.
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
    // Not remembered for the next page; this page's players still hear it.
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
 * The viewer's captions choice alone, for captions drawn by the page (the animated-video editor's canvas):
 * `on` as last chosen anywhere, and `toggle` (remembered, heard by every player of the page).
 */
export function useCaptionsOn() {
  const on = useSyncExternalStore(
    subscribe,
    () => captionsOnFrom(storedChoice()),
    () => true,
  );
  const toggle = useCallback(() => storeChoice(!captionsOnFrom(storedChoice())), []);
  return { on, toggle };
}

/** The captions of a player's <track>, on or off as the viewer last chose (CC button or the browser's menu). */
export function useCaptionsChoice(ref: RefObject<HTMLVideoElement | null>, enabled: boolean) {
  const { on, toggle } = useCaptionsOn();
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
  return { on, toggle };
}

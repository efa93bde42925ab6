// issue 4 item 10: the player reports each 5 s of playback it reaches, once per viewing session.
export const BEACON_STEP_SECONDS = 5;
const SESSION_KEY = 'hirecast.playbackSession';

/** A random id kept for this tab's session, so the server counts a viewer once per second reached. */
export function playbackSessionId(storage: Storage = sessionStorage) {
  let id = storage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** The 5 s marks passed since the last report (none when seeking backwards or standing still). */
export function beaconSeconds(lastSent: number, currentTime: number) {
  const reached = Math.floor(currentTime / BEACON_STEP_SECONDS) * BEACON_STEP_SECONDS;
  const marks: number[] = [];
  for (let s = lastSent + BEACON_STEP_SECONDS; s <= reached; s += BEACON_STEP_SECONDS) marks.push(s);
  return marks;
}

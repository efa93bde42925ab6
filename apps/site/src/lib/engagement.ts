import { getSessionId, sendBeaconJson } from './tracking.ts';

/**
 * Issue 23 item 1: what a playing video reports. Each whole second reached as it is reached (one-second
 * resolution), and the furthest position, fractions kept, when playback stops: pause, the end, the page hidden
 * or left. Positions only go forward; a position at the very start (nothing watched) is never reported. The
 * server keeps the furthest per session, so a report that is repeated or arrives late changes nothing.
 */
export function createProgressReporter(report: (second: number) => void) {
  let furthest = 0;
  let sent = 0;
  const send = (second: number) => {
    if (second <= sent) return;
    sent = second;
    report(second);
  };
  return {
    /** The player's position moved (timeupdate). */
    progress(time: number) {
      if (!Number.isFinite(time) || time <= furthest) return;
      furthest = time;
      const whole = Math.floor(time);
      if (whole >= 1) send(whole);
    },
    /** Playback stopped at `time` (or the page is going away): the furthest position, to the millisecond. */
    stop(time?: number) {
      if (time !== undefined && Number.isFinite(time) && time > furthest) furthest = time;
      const reached = Math.floor(furthest * 1000) / 1000;
      if (reached > 0) send(reached);
    },
  };
}

/** POST /api/public/job/{shortId}/engagement: the position reached (feeds stats.videoEngagement). */
export function sendEngagement({ shortId, second }: { shortId: string; second: number }) {
  sendBeaconJson(`/api/public/job/${encodeURIComponent(shortId)}/engagement`, {
    sessionId: getSessionId(),
    second,
  });
}

/** POST /api/asset/{assetId}/engagement for the page's other hosted videos (its additional videos), likewise. */
export function sendAssetEngagement({ assetId, second }: { assetId: string; second: number }) {
  sendBeaconJson(`/api/asset/${encodeURIComponent(assetId)}/engagement`, {
    sessionId: getSessionId(),
    second,
  });
}

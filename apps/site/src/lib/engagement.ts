import { firstTimeInSession, getSessionId, sendBeaconJson } from './tracking.ts';

/** Beacons go out at every ENGAGEMENT_STEP seconds of the job video reached (0, 5, 10 ...). */
export const ENGAGEMENT_STEP = 5;

/** The engagement mark a playback position has reached. */
export const engagementMark = (currentTime: number) =>
  Math.floor(Math.max(0, currentTime) / ENGAGEMENT_STEP) * ENGAGEMENT_STEP;

/** POST /api/public/job/{shortId}/engagement, once per mark per browser session (feeds stats.videoEngagement). */
export function sendEngagement({ shortId, second }: { shortId: string; second: number }) {
  if (!firstTimeInSession(`engagement.${shortId}.${second}`)) return;
  sendBeaconJson(`/api/public/job/${encodeURIComponent(shortId)}/engagement`, {
    sessionId: getSessionId(),
    second,
  });
}

/** POST /api/asset/{assetId}/engagement for the page's other hosted videos (its additional videos), likewise. */
export function sendAssetEngagement({ assetId, second }: { assetId: string; second: number }) {
  if (!firstTimeInSession(`engagement.asset.${assetId}.${second}`)) return;
  sendBeaconJson(`/api/asset/${encodeURIComponent(assetId)}/engagement`, {
    sessionId: getSessionId(),
    second,
  });
}

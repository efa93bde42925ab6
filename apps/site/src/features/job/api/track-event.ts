import type { TTrackRequest } from '@hirecast/domain/public-job';
import { firstTimeInSession, getSessionId, readUtm, sendBeaconJson } from '../../../lib/tracking.ts';

/**
 * POST /api/public/job/{shortId}/track: a visit or an apply start, each counted once per browser session and
 * job, with the UTM values of the page URL (share links carry the sharer in utm_source).
 */
export function trackJobEvent({ shortId, event }: { shortId: string; event: TTrackRequest['event'] }) {
  if (!firstTimeInSession(`${event}.${shortId}`)) return;
  const body: TTrackRequest = { event, sessionId: getSessionId(), ...readUtm(window.location.search) };
  sendBeaconJson(`/api/public/job/${encodeURIComponent(shortId)}/track`, body);
}

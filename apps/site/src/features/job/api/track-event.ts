import type { TTrackRequest } from '@hirecast/domain/public-job';
import {
  firstTimeInSession,
  getSessionId,
  readReferral,
  readUtm,
  sendBeaconJson,
} from '../../../lib/tracking.ts';

/**
 * POST /api/public/job/{shortId}/track: a visit or an apply start, each counted once per browser session and
 * job, with the UTM values and the sharer's referral token (`ref`) of the page URL.
 */
export function trackJobEvent({ shortId, event }: { shortId: string; event: TTrackRequest['event'] }) {
  if (!firstTimeInSession(`${event}.${shortId}`)) return;
  const { search } = window.location;
  const body: TTrackRequest = {
    event,
    sessionId: getSessionId(),
    ...readUtm(search),
    ...readReferral(search),
  };
  sendBeaconJson(`/api/public/job/${encodeURIComponent(shortId)}/track`, body);
}

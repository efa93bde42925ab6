import type { TEngagementRequest } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// issue 4 item 10: POST /asset/{id}/engagement {second, sessionId}, a playback progress beacon.
// Failures are dropped: a lost beacon must never interrupt playback.
export const recordEngagement = (id: string, body: TEngagementRequest) =>
  api.post<unknown>(`/asset/${encodeURIComponent(id)}/engagement`, body).catch(() => undefined);

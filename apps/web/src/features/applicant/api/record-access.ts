import { api } from '../../../lib/api-client.ts';

// Issue 26 item 4: the audit learns from the app that a member played the candidate's video or opened their CV
// (the files themselves come from signed storage URLs the API does not see). Best effort: never in the way.
export const recordAccess = (applicationId: string, what: 'video_play' | 'cv_download') =>
  api
    .post<null>(`/privacy/application/${encodeURIComponent(applicationId)}/access`, { what })
    .catch(() => null);

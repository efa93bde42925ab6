import { requestApi } from '../../../lib/api.ts';

/** DELETE /api/public/application/{token} → 204: the candidate's data is gone. */
export const deleteApplication = (token: string) =>
  requestApi<undefined>(`/public/application/${encodeURIComponent(token)}`, { method: 'DELETE' });

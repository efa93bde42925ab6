import type { TErasureHeld } from '@hirecast/domain/application';
import { requestApi } from '../../../lib/api.ts';

/**
 * DELETE /api/public/application/{token} → 204: the candidate's data is gone (undefined); 202 under legal hold:
 * nothing was deleted, the request is recorded, and the answer says why (issue 33).
 */
export const deleteApplication = (token: string) =>
  requestApi<TErasureHeld | undefined>(`/public/application/${encodeURIComponent(token)}`, {
    method: 'DELETE',
  });

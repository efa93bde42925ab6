import { requestApi } from '../../../lib/api.ts';

/** POST /api/public/application/{token}/export: the candidate's data is prepared and its link emailed (issue 26). */
export const exportMyData = (token: string) =>
  requestApi<{ exportId: string; message: string }>(
    `/public/application/${encodeURIComponent(token)}/export`,
    {
      method: 'POST',
    },
  );

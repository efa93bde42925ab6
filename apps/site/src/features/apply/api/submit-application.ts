import type { TApplyRequest } from '@hirecast/domain/application';
import { requestApi } from '../../../lib/api.ts';

/** `interviewToken`: the job has an interview in its apply flow; the candidate continues at /interview/{token}. */
export type TApplyAnswer = { applicationId: string; message: string; interviewToken?: string };

/** POST /api/public/job/{shortId}/apply → 201 { applicationId, message }; 400/409/429 answer ApiError. */
export const submitApplication = ({ shortId, body }: { shortId: string; body: TApplyRequest }) =>
  requestApi<TApplyAnswer>(`/public/job/${encodeURIComponent(shortId)}/apply`, { method: 'POST', body });

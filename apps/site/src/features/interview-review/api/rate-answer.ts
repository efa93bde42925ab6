import type { TInterviewAnswer } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';

/** An outside reviewer's rating of one answer, under the name they give. */
export const rateAnswer = (
  token: string,
  answerId: string,
  body: { reviewerName: string; stars: number; comment: string | null },
) =>
  requestApi<TInterviewAnswer>(
    `/public/interview-review/${encodeURIComponent(token)}/answers/${answerId}/rating`,
    { method: 'PUT', body },
  );

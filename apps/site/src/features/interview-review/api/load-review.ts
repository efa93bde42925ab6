import type { ZGuestReview } from '@hirecast/domain/interview';
import type { z } from 'zod';
import { requestApi } from '../../../lib/api.ts';

export type TReview = z.infer<typeof ZGuestReview>;

/**
 * The review again (issue 33): its media URLs are signed for minutes only, so the open page fetches fresh ones;
 * a link revoked or expired meanwhile answers 410 with which it is.
 */
export const loadReview = (token: string) =>
  requestApi<TReview>(`/public/interview-review/${encodeURIComponent(token)}`);

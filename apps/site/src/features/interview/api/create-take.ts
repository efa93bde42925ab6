import type { TCandidateTake } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

export type TNewTake = { take: TCandidateTake; upload: { endpoint: string; metadata: { take: string } } };

/** Counts a take before it is recorded (a reload cannot buy one) and answers where its upload goes. */
export const createTake = (token: string, questionId: string) =>
  requestApi<TNewTake>(`${interviewPath(token)}/questions/${questionId}/takes`, { method: 'POST', body: {} });

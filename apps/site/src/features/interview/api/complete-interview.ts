import type { TCandidateInterview } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

/** Sends the answers to the team. */
export const completeInterview = (token: string) =>
  requestApi<TCandidateInterview>(`${interviewPath(token)}/complete`, { method: 'POST', body: {} });

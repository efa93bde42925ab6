import type { TCandidateQuestion } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

/** Opens a question: its preparation time starts once, on the server (a reload answers the same start). */
export const startQuestion = (token: string, questionId: string) =>
  requestApi<TCandidateQuestion>(`${interviewPath(token)}/questions/${questionId}/start`, {
    method: 'POST',
    body: {},
  });

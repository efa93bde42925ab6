import type { TAnswerRequest, TCandidateQuestion } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

/** Submits the answer to a question (final until the team re-opens it). */
export const answerQuestion = (token: string, questionId: string, answer: TAnswerRequest) =>
  requestApi<TCandidateQuestion>(`${interviewPath(token)}/questions/${questionId}/answer`, {
    method: 'POST',
    body: answer,
  });

/** Leaves an optional question unanswered. */
export const skipQuestion = (token: string, questionId: string) =>
  requestApi<TCandidateQuestion>(`${interviewPath(token)}/questions/${questionId}/skip`, {
    method: 'POST',
    body: {},
  });

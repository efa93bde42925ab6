import type { TCandidateInterview } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';

export const interviewPath = (token: string) => `/public/interview/${encodeURIComponent(token)}`;

/** The candidate's interview as it stands: answered questions, used takes and spent preparation time. */
export const getInterview = (token: string) => requestApi<TCandidateInterview>(interviewPath(token));

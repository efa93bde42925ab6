import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyQuestion } from '@hirecast/domain/company-questions';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7 Company: GET /company/questions — the company's saved video intro questions (issue 25: with their
// interview settings when saved from an interview).
export type { TCompanyQuestion };
export const companyQuestionsQueryKey = ['company', 'questions'] as const;
export const getCompanyQuestions = () => api.get<TCompanyQuestion[]>('/company/questions');
export const companyQuestionsQueryOptions = () =>
  queryOptions({ queryKey: companyQuestionsQueryKey, queryFn: getCompanyQuestions, staleTime: 60_000 });
export const useCompanyQuestions = () => useQuery(companyQuestionsQueryOptions());

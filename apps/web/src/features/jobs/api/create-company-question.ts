import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companyQuestionsQueryKey, type TCompanyQuestion } from './get-company-questions.ts';

import type { TCreateCompanyQuestionRequest } from '@hirecast/domain/company-questions';

// spec 1 §7 Company: POST /company/questions {text} (issue 25: and an interview question's settings)
export const createCompanyQuestion = (question: string | TCreateCompanyQuestionRequest) =>
  api.post<TCompanyQuestion>(
    '/company/questions',
    typeof question === 'string' ? { text: question } : question,
  );

export function useCreateCompanyQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQuestionsQueryKey }),
  });
}

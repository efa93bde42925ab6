import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companyQuestionsQueryKey, type TCompanyQuestion } from './get-company-questions.ts';

// spec 1 §7 Company: POST /company/questions {text}
export const createCompanyQuestion = (text: string) =>
  api.post<TCompanyQuestion>('/company/questions', { text });

export function useCreateCompanyQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQuestionsQueryKey }),
  });
}

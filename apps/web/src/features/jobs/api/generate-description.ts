import { useMutation } from '@tanstack/react-query';
import type { TAiDescriptionRequest } from '@hirecast/domain/ai-description';
import type { TDelta } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7 Jobs: POST /job/description {jobTitle, jobLocation, answer{question1..question4}, tone}
export const generateDescription = (input: TAiDescriptionRequest) =>
  api.post<{ result: TDelta }>('/job/description', input).then((answer) => answer.result);

export const useGenerateDescription = () => useMutation({ mutationFn: generateDescription });

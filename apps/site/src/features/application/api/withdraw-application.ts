import type { TCandidateApplication } from '@hirecast/domain/application';
import { requestApi } from '../../../lib/api.ts';

/** POST /api/public/application/{token}/withdraw: the application becomes `withdrawn`. */
export const withdrawApplication = (token: string) =>
  requestApi<TCandidateApplication | undefined>(`/public/application/${encodeURIComponent(token)}/withdraw`, {
    method: 'POST',
  });

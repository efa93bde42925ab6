import type { TCandidateTake } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

/** The take's upload is complete: the server checks it and keeps it. */
export const finishTake = (token: string, takeId: string, uploadId: string) =>
  requestApi<TCandidateTake>(`${interviewPath(token)}/takes/${takeId}/finish`, {
    method: 'POST',
    body: { uploadId },
  });

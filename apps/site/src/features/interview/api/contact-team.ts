import { requestApi } from '../../../lib/api.ts';
import { interviewPath } from './get-interview.ts';

/** "Need more time?": a message to the job's team. */
export const contactTeam = (token: string, message: string) =>
  requestApi<{ message: string }>(`${interviewPath(token)}/contact`, { method: 'POST', body: { message } });

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type TShareJobEmailInput = { id: string; to: string[]; message?: string; username?: string };

// spec 1 §7 Jobs: POST /job/{id}/share/email {to, message, username}
export const shareJobEmail = ({ id, ...body }: TShareJobEmailInput) =>
  api.post<unknown>(`/job/${encodeURIComponent(id)}/share/email`, body);

export const useShareJobEmail = () => useMutation({ mutationFn: shareJobEmail });

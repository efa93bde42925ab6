import { useMutation } from '@tanstack/react-query';
import type { TSocialExchangeResponse, TSocialLinkRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// Issue 27: links the Google account waiting in the callback's link code to the account, with its password.
export const linkGoogle = (body: TSocialLinkRequest) =>
  api.post<TSocialExchangeResponse>('/manager/google/link', body);

export const useLinkGoogle = () => useMutation({ mutationFn: linkGoogle });

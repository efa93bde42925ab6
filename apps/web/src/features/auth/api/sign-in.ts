import { useMutation } from '@tanstack/react-query';
import type { TAuthResponse, TSignInRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7: POST manager/signin/email
export const signIn = (body: TSignInRequest) => api.post<TAuthResponse>('/manager/signin/email', body);

export const useSignIn = () => useMutation({ mutationFn: signIn });

import { useMutation } from '@tanstack/react-query';
import type { TAuthResponse, TSignUpRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7: POST manager/signup/email
export const signUp = (body: TSignUpRequest) => api.post<TAuthResponse>('/manager/signup/email', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });

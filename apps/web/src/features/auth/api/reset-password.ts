import { useMutation } from '@tanstack/react-query';
import type { TAuthResponse, TResetPasswordRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7: POST /manager/reset/password {password, token}; returns an access-token (for API clients: the
// browser is signed in by the session cookie the answer sets)
export const resetPassword = (body: TResetPasswordRequest) =>
  api.post<Partial<TAuthResponse>>('/manager/reset/password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

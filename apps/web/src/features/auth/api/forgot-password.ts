import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7: POST /manager/forgot/password {email, redirect}
export const forgotPassword = (body: TForgotPasswordRequest) =>
  api.post<{ message: string }>('/manager/forgot/password', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

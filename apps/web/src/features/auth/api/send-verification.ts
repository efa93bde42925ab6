import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

// spec 1 §7: POST /manager/signup/email/verify/send {redirect} (signed in)
export const sendVerification = () => {
  const redirect = session.getRedirect();
  return api.post<{ message: string }>('/manager/signup/email/verify/send', redirect ? { redirect } : {});
};

export const useSendVerification = () => useMutation({ mutationFn: sendVerification });

import { useMutation } from '@tanstack/react-query';
import type { TContactRequest } from '@hirecast/domain/contact';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7 Company: POST /email/contact {name, email, subject, message}
export const sendContact = (body: TContactRequest) => api.post<{ message: string }>('/email/contact', body);

export const useSendContact = () => useMutation({ mutationFn: sendContact });

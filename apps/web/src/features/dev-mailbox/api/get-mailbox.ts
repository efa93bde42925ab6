import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

// GET /api/dev/mailbox: the outbox of the embedded mail transport, newest first. The server answers 404
// unless the browser runs on the computer that runs Hirecast without SMTP (or DEV_MAILBOX=on).
export type TMailboxEmail = {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

export const mailboxQueryKey = ['dev', 'mailbox'] as const;
export const getMailbox = () => api.get<TMailboxEmail[]>('/dev/mailbox');

const REFRESH_MS = 3000;
export const isMailboxUnavailable = (error: unknown) => error instanceof ApiError && error.status === 404;

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: mailboxQueryKey,
    queryFn: getMailbox,
    staleTime: 0,
    retry: false,
    // Poll every 3 s while the mailbox exists; stop once the server says it does not.
    refetchInterval: (query) => (isMailboxUnavailable(query.state.error) ? false : REFRESH_MS),
  });

export const useMailbox = () => useQuery(mailboxQueryOptions());

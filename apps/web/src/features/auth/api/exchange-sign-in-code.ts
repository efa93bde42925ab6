import type { TSocialExchangeRequest, TSocialExchangeResponse } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// Decision 003: the Google callback's one-time code, exchanged once for the session cookie. Only the browser
// that started the flow can (the server checks its binding cookie).
export const exchangeSignInCode = (body: TSocialExchangeRequest) =>
  api.post<TSocialExchangeResponse>('/manager/google/exchange', body);

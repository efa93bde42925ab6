import type { TApp } from '../../src/app.ts';
import { callAs, type TMember } from './applicants-support.ts';

// Issue 35: keys made through the admin API, and calls made with them.

export async function createKey(
  app: TApp,
  admin: Pick<TMember, 'token' | 'companyId'>,
  body: { name?: string; scopes?: string[]; expiresAt?: string | null } = {},
): Promise<{ id: string; key: string }> {
  const res = await callAs(app, admin, {
    method: 'POST',
    url: '/api/api-keys',
    payload: { name: 'Greenhouse sync', scopes: ['read', 'write', 'interviews'], ...body },
  });
  if (res.statusCode !== 201) throw new Error(`key not created: ${res.statusCode} ${res.body}`);
  const { _id, key } = res.json().data as { _id: string; key: string };
  return { id: _id, key };
}

type TKeyCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

/** A call with an API key (Bearer), and no session, cookie or company header unless given. */
export const callWithKey = (app: TApp, key: string, call: TKeyCall) =>
  app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: { authorization: `Bearer ${key}`, ...call.headers },
    ...(call.payload !== undefined && { payload: call.payload as object }),
  });

import { CSRF_HEADER_VALUE, HEADER_COMPANY, HEADER_CSRF } from '@hirecast/domain/constants';
import type { TErrorBody, TErrorCode } from '@hirecast/domain/errors';
import { messages } from '@hirecast/domain/messages';
import { session } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: TErrorCode;
  readonly fields: Record<string, string>;
  constructor(status: number, body: TErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

let onUnauthorized: () => void = () => {};
// The app registers what a 401 does (log out, go to /sign-in, when someone was signed in); the client
// stays free of routing.
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

const COMPANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The headers of every authenticated call the app makes (JSON, downloads, tus uploads). The session itself
 * travels in the HttpOnly cookie the server set; decision 003: a write counts only with this custom header
 * (and the browser's same-origin Origin). The company goes as X-Company-Id (spec 1 §7).
 */
export function appHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [HEADER_CSRF]: CSRF_HEADER_VALUE };
  const companyId = session.getCompanyId();
  // The server refuses a header that is not a company id; a damaged cookie is left out (the server ignores
  // it too) and replaced once the user's companies are known.
  if (companyId && COMPANY_ID.test(companyId)) headers[HEADER_COMPANY] = companyId;
  return headers;
}

/** A file sent as the request body itself, with its own media type (a captions file). */
class RawBody {
  readonly file: Blob;
  readonly type: string;
  constructor(file: Blob, type: string) {
    this.file = file;
    this.type = type;
  }
}

// The one API client: adds the app's headers, unwraps { data }, turns failures into ApiError.
async function request<T>(
  method: TMethod,
  path: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...appHeaders() };
  const raw = body instanceof RawBody ? body : null;
  if (raw) headers['content-type'] = raw.type;
  else if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: raw ? raw.file : body === undefined ? undefined : JSON.stringify(body),
      signal: init?.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, {
      code: 'INTERNAL',
      message: 'We could not reach Hirecast. Check your connection and try again.',
    });
  }
  const json: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const error = (json as TErrorBody | null)?.error ?? {
      code: 'INTERNAL' as const,
      message: messages.internal,
    };
    if (res.status === 401) onUnauthorized();
    throw new ApiError(res.status, error);
  }
  return (json as { data: T } | null)?.data as T;
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  /** POSTs a file as the body, with its media type. */
  postFile: <T>(path: string, file: Blob, type: string) => request<T>('POST', path, new RawBody(file, type)),
  // A body is optional: DELETE /company/{id}/team takes {memberId} (spec 2 §7).
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

export const errorMessage = (err: unknown, fallback: string = messages.internal) =>
  err instanceof ApiError ? err.message : fallback;

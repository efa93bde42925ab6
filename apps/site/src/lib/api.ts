import type { TErrorBody } from '@hirecast/domain/errors';

// The site's one way to call the public API: JSON in, `{ data }` out, `{ error }` turned into ApiError with
// the server's message, which the pages show as it is.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: { code?: string; message?: string; fields?: Record<string, string> }) {
    super(body.message || 'Something went wrong. Please try again.');
    this.status = status;
    this.code = body.code ?? 'INTERNAL';
    this.fields = body.fields ?? {};
  }
}

export const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';

const hasError = (value: unknown): value is TErrorBody =>
  typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object';

/** Calls `/api{path}`; answers the `data` of the reply (undefined for 204). */
export async function requestApi<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', message: NETWORK_MESSAGE });
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, hasError(json) ? json.error : {});
  return (json as { data: T }).data;
}

export const errorMessage = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';

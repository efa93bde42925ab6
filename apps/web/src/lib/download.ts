import { ApiError } from './api-client.ts';
import { session } from './session.ts';

// Downloads a file answer of the API (not JSON, so not through `api`) with the same auth and company headers,
// and saves it under `filename`.
export async function downloadFile({
  path,
  filename,
  method = 'GET',
  body,
}: {
  path: string;
  filename: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
}) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = session.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const companyId = session.getCompanyId();
  if (companyId) headers['x-company-id'] = companyId;
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(res.status, { code: 'INTERNAL', message: answer?.error?.message ?? res.statusText });
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

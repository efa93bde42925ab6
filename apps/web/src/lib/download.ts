import { ApiError, appHeaders } from './api-client.ts';

// Downloads a file answer of the API (not JSON, so not through `api`) with the same headers as `api`,
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
  const headers = appHeaders();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
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

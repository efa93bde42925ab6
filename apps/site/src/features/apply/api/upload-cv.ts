import { CV_CONTENT_TYPES } from '@hirecast/domain/application';
import { requestApi } from '../../../lib/api.ts';
import { getSessionId } from '../../../lib/tracking.ts';
import { putFile, type TUploadProgress } from '../../../lib/put-file.ts';

export type { TUploadProgress } from '../../../lib/put-file.ts';

const DOCX = CV_CONTENT_TYPES[1];

/** The CV's content type, from the browser or, when it does not know, from the file name. */
export function cvContentType(file: { type: string; name: string }): string {
  if ((CV_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (/\.docx$/i.test(file.name)) return DOCX;
  return 'application/pdf';
}

/**
 * The CV goes straight to storage: GET /api/public/signed-url for a short-lived URL, then PUT the file there.
 * Answers what the apply request sends as `cv`.
 */
export async function uploadCv({
  file,
  shortId,
  onProgress,
  signal,
}: TUploadProgress & { file: File; shortId: string }) {
  const contentType = cvContentType(file);
  // The session: a CV picked and then replaced belongs to the application too (erased with it).
  const query = new URLSearchParams({ 'content-type': contentType, job: shortId, session: getSessionId() });
  const signed = await requestApi<{ url: string; key: string }>(`/public/signed-url?${query}`);
  signal.throwIfAborted();
  await putFile({ url: signed.url, file, contentType, onProgress, signal, what: 'your CV' });
  onProgress(100);
  return { key: signed.key, fileName: file.name.slice(0, 200) };
}

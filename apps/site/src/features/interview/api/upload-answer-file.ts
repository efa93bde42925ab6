import { FILE_CONTENT_TYPES } from '@hirecast/domain/interview';
import { requestApi } from '../../../lib/api.ts';
import { putFile, type TUploadProgress } from '../../../lib/put-file.ts';
import { interviewPath } from './get-interview.ts';

const BY_EXTENSION: Record<string, (typeof FILE_CONTENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The file's type, from the browser or from its name (the server checks the bytes either way). */
export function answerFileType(file: { type: string; name: string }) {
  if ((FILE_CONTENT_TYPES as readonly string[]).includes(file.type))
    return file.type as (typeof FILE_CONTENT_TYPES)[number];
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** A file answer goes straight to storage through a short-lived URL; answers what the answer sends as `file`. */
export async function uploadAnswerFile({
  token,
  questionId,
  file,
  contentType,
  onProgress,
  signal,
}: TUploadProgress & { token: string; questionId: string; file: File; contentType: string }) {
  const query = new URLSearchParams({ 'content-type': contentType, question: questionId });
  const signed = await requestApi<{ url: string; key: string }>(
    `${interviewPath(token)}/signed-url?${query}`,
  );
  await putFile({ url: signed.url, file, contentType, onProgress, signal, what: 'your file' });
  return { key: signed.key, fileName: file.name.slice(0, 200) };
}

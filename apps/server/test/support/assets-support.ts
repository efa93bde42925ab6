import { createHash, randomBytes } from 'node:crypto';
import type { TApp } from '../../src/app.ts';
import { bearer } from './helper.ts';
import type { companyWithMember } from './sessions.ts';

export type TActor = Awaited<ReturnType<typeof companyWithMember>>;

export const headers = (actor: TActor, companyId = actor.company.id) => ({
  ...bearer(actor.token),
  'x-company-id': companyId,
});

/** Bytes that start like an MP4 file (an ISO 'ftyp' box), then noise. */
export function mp4Bytes(size = 256 * 1024): Buffer {
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Opens a tus upload and answers its id (the last segment of Location). */
export async function openUpload(app: TApp, actor: TActor, size: number, filename = 'clip.mp4') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...headers(actor),
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`tus create ${res.statusCode}: ${res.body}`);
  const location = res.headers.location as string;
  return { res, id: location.split('/').pop()!, location };
}

export const patchUpload = (app: TApp, actor: TActor, id: string, offset: number, body: Buffer) =>
  app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...headers(actor),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

/** A whole upload in one PATCH; answers its id. */
export async function uploadFile(app: TApp, actor: TActor, bytes: Buffer) {
  const { id } = await openUpload(app, actor, bytes.length);
  const res = await patchUpload(app, actor, id, 0, bytes);
  if (res.statusCode !== 204) throw new Error(`tus patch ${res.statusCode}: ${res.body}`);
  return id;
}

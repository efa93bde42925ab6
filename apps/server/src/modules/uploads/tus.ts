import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { ASSET_LIMITS } from '@hirecast/domain/asset';

export const UPLOADS_PATH = '/api/uploads';
// The company of each authenticated request, set by the Fastify route before the tus server sees the raw
// request (so it is never taken from the client).
export const uploadScopes = new WeakMap<object, string>();
type TTusRequest = { runtime?: { node?: { req: object } } };
const companyOf = (req: TTusRequest) => {
  const raw = req.runtime?.node?.req;
  return raw ? uploadScopes.get(raw) : undefined;
};

export type TTusUploads = { server: Server; store: FileStore; directory: string };

const reject = (status_code: number, body: string) => ({ status_code, body });

// Upload ids carry their company: <companyId>_<uuid>. A request for another company's upload is answered
// 404 like one that does not exist (ARCHITECTURE.md Tenancy).
export const uploadCompany = (uploadId: string) => uploadId.split('_')[0] ?? '';

export function createTusUploads(dataDir: string): TTusUploads {
  const directory = join(dataDir, 'uploads-tus');
  mkdirSync(directory, { recursive: true });
  // A week of pause is enough to resume; older partial uploads are removed by the store's cleanup.
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: 7 * 24 * 3600_000 });
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: ASSET_LIMITS.videoMaxBytes, // spec 3 §9: video 500 MB
    relativeLocation: true,
    respectForwardedHeaders: true,
    namingFunction: (req) => `${companyOf(req) ?? ''}_${randomUUID()}`,
    onIncomingRequest: async (req, uploadId) => {
      const companyId = companyOf(req);
      if (!companyId) throw reject(401, 'Unauthorized');
      if (uploadId && uploadCompany(uploadId) !== companyId) throw reject(404, 'Not found');
    },
    onUploadCreate: async (_req, upload) => {
      const filename = upload.metadata?.filename;
      const filetype = upload.metadata?.filetype;
      if (!filename || !filetype) throw reject(400, 'filename and filetype metadata are required');
      return {};
    },
  });
  return { server, store, directory };
}

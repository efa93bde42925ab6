import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { messages } from '@hirecast/domain/messages';
import { findUnstorableText } from '@hirecast/domain/text';
import type { TTusStore } from './tus-store.ts';
import type { TDatabaseLocker } from './tus-locker.ts';

// One tus endpoint, used for every path that takes resumable uploads (the employers' /api/uploads, candidates'
// videos, interview takes): the shared store and database locks, upload ids that carry their company, the
// refusals, and the Fastify handler that scopes a request before the tus server sees it. A second tus Server
// per path is needed only because a Server answers Location under its own path.

// The company of each request, set by the Fastify route before the tus server sees the raw request (so it is
// never taken from the client).
// A route may also bound one request's upload below the endpoint's maxSize (an interview take: by its limit).
const uploadScopes = new WeakMap<object, TUploadScope>();
type TTusRequest = { runtime?: { node?: { req: object } } };
const scopeOf = (req: TTusRequest) => {
  const raw = req.runtime?.node?.req;
  return raw ? uploadScopes.get(raw)?.companyId : undefined;
};
const maxSizeOf = (req: TTusRequest) => {
  const raw = req.runtime?.node?.req;
  return raw ? uploadScopes.get(raw)?.maxSize : undefined;
};

/** What the route decided about a request: its company, and (optionally) the largest upload it may make. */
export type TUploadScope = { companyId: string; maxSize?: number };

const reject = (status_code: number, body: string) => ({ status_code, body });

// Locations are relative, so neither Host nor X-Forwarded-Host is ever read (a forwarded header must not
// choose them whatever TRUST_PROXY says). No CORS: uploads come from our own pages, which need none, and another
// origin gets no Access-Control-Allow-Origin (the tus default is `*`).
const TUS_SERVER_OPTIONS = {
  relativeLocation: true,
  respectForwardedHeaders: false,
  allowedOrigins: () => false,
} as const;

/** tus Upload-Metadata: `key base64value` pairs separated by commas. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) result[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return result;
}

// Upload ids carry their company: <companyId>_<uuid>. A request for another company's upload is answered
// 404 like one that does not exist (ARCHITECTURE.md Tenancy).
export const uploadCompany = (uploadId: string) => uploadId.split('_')[0] ?? '';
/** Whether a string has the shape of an upload id (checked before the store is asked). */
export const isUploadId = (uploadId: string) => /^[0-9a-f-]{36}_[0-9a-f-]{36}$/.test(uploadId);

/** What differs between the tus endpoints. */
export type TTusEndpoint = {
  path: string;
  maxSize: number;
  /** The answer when the route gave the request no company: 401 for a signed-in API, 404 for a link's. */
  unscoped: { status: number; body: string };
  /** Upload-Metadata keys a new upload must name (400 when one is missing). */
  required: readonly string[];
  /** The file types a new upload may be (its `filetype`, parameters aside), and the 415 answer to another. */
  types?: { accept: readonly string[]; refusal: string };
  /** Set by the server on a new upload, whatever the client sent: `key` takes the value of the client's `from`. */
  mark?: { key: string; from: string };
  /**
   * Called last when a new upload is accepted, with its id and metadata: a refusal ({ status, body }) stops it.
   * An interview take claims its one upload here.
   */
  claim?: (upload: { id: string; metadata: Record<string, string | null> }) => Promise<{
    status: number;
    body: string;
  } | null>;
};

const listed = (keys: readonly string[]) =>
  keys.length > 1 ? `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}` : (keys[0] ?? '');

/** The tus server of one endpoint, over the shared store and locks. */
export function createTusServer(
  tus: Pick<TTusStore, 'store'> & { locker: TDatabaseLocker },
  spec: TTusEndpoint,
) {
  return new Server({
    path: spec.path,
    datastore: tus.store,
    // The same database locks for every path: one upload is locked alike whichever path it takes.
    locker: tus.locker,
    maxSize: (req) => Math.min(maxSizeOf(req) ?? spec.maxSize, spec.maxSize),
    ...TUS_SERVER_OPTIONS,
    namingFunction: (req) => `${scopeOf(req) ?? ''}_${randomUUID()}`,
    onIncomingRequest: async (req, uploadId) => {
      const companyId = scopeOf(req);
      if (!companyId) throw reject(spec.unscoped.status, spec.unscoped.body);
      if (uploadId && uploadCompany(uploadId) !== companyId) throw reject(404, 'Not found');
    },
    onUploadCreate: async (_req, upload) => {
      // Upload-Metadata (a file name, a job) reaches the database: the same refusal as every other input.
      if (findUnstorableText(upload.metadata ?? {}) !== null) throw reject(400, messages.textUnstorable);
      const metadata = upload.metadata ?? {};
      if (spec.required.some((key) => !metadata[key]))
        throw reject(400, `${listed(spec.required)} metadata are required`);
      const type = metadata.filetype?.split(';')[0]!.trim() ?? '';
      if (spec.types && !spec.types.accept.includes(type)) throw reject(415, spec.types.refusal);
      const refused = spec.claim ? await spec.claim({ id: upload.id, metadata }) : null;
      if (refused) throw reject(refused.status, refused.body);
      return spec.mark ? { metadata: { ...metadata, [spec.mark.key]: metadata[spec.mark.from]! } } : {};
    },
  });
}

/**
 * The Fastify handler of a tus endpoint: `scope` answers the company a request belongs to, and may bound its
 * upload's size (or throws the route's error), then the raw request and response go to the tus server. PATCH bodies stream straight through
 * to the tus store: the route's plugin must not parse them (`acceptTusBodies`).
 */
export function tusHandler(
  server: Server,
  scope: (request: FastifyRequest) => Promise<string | TUploadScope>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') {
      const decided = await scope(request);
      uploadScopes.set(request.raw, typeof decided === 'string' ? { companyId: decided } : decided);
    }
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
}

/** Lets the PATCH bodies of a tus endpoint through unread (they stream to the store). */
export function acceptTusBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
}

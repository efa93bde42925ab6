import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER_VALUE, HEADER_CSRF } from '@hirecast/domain/constants';

// Decision 003: the browser sends the session cookie with any request to our origin, including a form
// posted by another site. A write counts as the signed-in user's only when it also carries our custom header
// (another site cannot set one without a CORS preflight, which we never grant) and comes from our own origin.
// Reads are exempt: they change nothing, and another site cannot read their answers.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const originOf = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
};

/** Whether a request that authenticates with the session cookie may act as that session. */
export function passesCsrfCheck(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (first(request.headers[HEADER_CSRF]) !== CSRF_HEADER_VALUE) return false;
  // Browsers send Origin with every non-GET request; Referer stands in where a privacy setting drops it.
  const origin = first(request.headers.origin);
  const from = origin !== undefined ? originOf(origin) : originOf(first(request.headers.referer));
  return from === publicOrigin;
}

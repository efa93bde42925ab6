import type { FastifyRequest } from 'fastify';

// The one place where a request becomes a log line. Links that act as keys carry their secret in the URL:
// sign-in, reset and verification tokens, OAuth codes and states, invitation codes, the candidate's private
// link, the signatures of storage URLs. Logs keep the route and the parameter names, never those values.

const REDACTED = '[redacted]';

/** Paths whose next segment is a secret (matched on the path alone, whatever the query). */
const SECRET_PATHS = [
  /^(\/application\/)[^/]+/i, // the candidate's private link (apps/site)
  /^(\/api\/public\/application\/)[^/]+/i, // its API (view, withdraw, delete, export)
  /^(\/interview\/)[^/]+/i, // issue 25: the candidate's interview link (apps/site)
  /^(\/api\/public\/interview\/)(?!uploads(?:\/|$|\?))[^/?]+/i, // its API (take uploads carry no token)
  /^(\/review\/)[^/]+/i, // an outside reviewer's link (apps/site)
  /^(\/api\/public\/interview-review\/)[^/]+/i, // its API
  /^(\/keep\/)[^/]+/i, // issue 26: the one-click "Keep my application" link of the retention warning
  /^(\/api\/public\/keep\/)[^/]+/i, // its API
  /^(\/api\/public\/data-export\/)[^/]+/i, // issue 26: the download of a data export
  /^(\/data-export\/)[^/]+/i, // issue 33: the emailed link of a data export, its page (apps/site)
  /^(\/accept-invite\/)[^/]+/i, // spec 1 §2: the emailed invitation link
  /^(\/api\/manager\/invite\/)[^/]+/i, // its API
  /^(\/api\/billing\/test-checkout\/)[^/]+/i, // the embedded provider's checkout page: its id is its key
  /^(\/api\/billing\/test-portal\/)[^/]+/i, // and its billing portal's (decision 017)
];

/**
 * Query parameters whose value is a secret, by name: access-token, reset-token, verify-token, code and state
 * (OAuth), signature (storage URLs) and S3's X-Amz-Signature, X-Amz-Credential and X-Amz-Security-Token, and
 * any later name of the same kind.
 */
const SECRET_QUERY_NAME = /token|code|state|secret|signature|password|credential|invite|^sig$/i;

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
};

/** The URL (path and query, as a request line carries it) with every secret value replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !SECRET_QUERY_NAME.test(decodedName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's `req` serializer for every request log line. */
export const serializeRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
});

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

// Fetching a page whose address a user gave us (POST /texau) without letting them reach our own network
// (server-side request forgery). Every hop is checked: http or https only; the host's DNS answers must all be
// public addresses, and the socket connects to the very address that was checked (the lookup is ours, so a
// DNS rebind between check and connect cannot swap it); at most `maxRedirects` redirects, each checked again;
// one deadline for the whole fetch; a cap on the (decoded) body; only the content types asked for.

export type TSafeFetchReason =
  'url' | 'address' | 'dns' | 'redirects' | 'status' | 'type' | 'size' | 'timeout' | 'network';

export class SafeFetchError extends Error {
  readonly reason: TSafeFetchReason;
  constructor(reason: TSafeFetchReason, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

export type TResolvedAddress = { address: string; family: number };
export type TResolve = (hostname: string) => Promise<TResolvedAddress[]>;

export type TSafeFetchOptions = {
  /** Media types accepted (without parameters), e.g. ['text/html']. */
  accept: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * Lets the fetch reach non-public addresses: all of them (true: tests only) or the addresses and CIDR ranges
   * listed (webhooks: the operator's WEBHOOK_ALLOW_PRIVATE, for receivers inside their own network).
   */
  allowPrivateHosts?: boolean | readonly string[];
  /** DNS resolution (all addresses of a host); the system resolver by default. */
  resolve?: TResolve;
};

export type TSafeResponse = {
  url: string;
  status: number;
  contentType: string;
  charset: string | null;
  body: Buffer;
};

export const SAFE_FETCH_DEFAULTS = { maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3 } as const;

// ---------------------------------------------------------------------------------------------------------
// Addresses

type TRange = readonly [network: bigint, bits: number];

function parseIpv4(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseIpv6(raw: string): bigint | null {
  const ip = raw.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not an address
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const groups = (text: string): number[] | null => {
    if (text === '') return [];
    const out: number[] = [];
    const pieces = text.split(':');
    for (let i = 0; i < pieces.length; i += 1) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail].reduce(
    (acc, g) => (acc << 16n) | BigInt(g),
    0n,
  );
}

const v4 = (ip: string, bits: number): TRange => [parseIpv4(ip)!, bits];
const v6 = (ip: string, bits: number): TRange => [parseIpv6(ip)!, bits];

// Not reachable on the public internet, or not meant to be: IANA special-purpose registries.
const BLOCKED_V4: readonly TRange[] = [
  v4('0.0.0.0', 8), // "this network", with the unspecified address
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // carrier-grade NAT
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local, with cloud metadata services (169.254.169.254)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments
  v4('192.0.2.0', 24), // documentation
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation
  v4('203.0.113.0', 24), // documentation
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, with the broadcast address
];

const BLOCKED_V6: readonly TRange[] = [
  v6('::', 128), // unspecified
  v6('::1', 128), // loopback
  v6('64:ff9b:1::', 48), // local-use IPv4/IPv6 translation
  v6('100::', 64), // discard-only
  v6('2001::', 23), // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
  v6('2001:db8::', 32), // documentation
  v6('fc00::', 7), // unique local
  v6('fe80::', 10), // link-local
  v6('fec0::', 10), // site-local (deprecated)
  v6('ff00::', 8), // multicast
];

// IPv6 forms that carry an IPv4 address: the IPv4 address decides.
const EMBEDDED_V4: readonly { range: TRange; shift: bigint }[] = [
  { range: v6('::ffff:0:0', 96), shift: 0n }, // IPv4-mapped
  { range: v6('::ffff:0:0:0', 96), shift: 0n }, // IPv4-translated
  { range: v6('::', 96), shift: 0n }, // IPv4-compatible (deprecated)
  { range: v6('64:ff9b::', 96), shift: 0n }, // NAT64
  { range: v6('2002::', 16), shift: 80n }, // 6to4
];

const inRange = (value: bigint, [network, bits]: TRange, width: number) => {
  const shift = BigInt(width - bits);
  return value >> shift === network >> shift;
};

const isPublicV4 = (value: bigint) => !BLOCKED_V4.some((range) => inRange(value, range, 32));

/** True for an address on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) {
    const value = parseIpv4(ip);
    return value !== null && isPublicV4(value);
  }
  if (family !== 6) return false;
  const value = parseIpv6(ip);
  if (value === null) return false;
  if (BLOCKED_V6.some((range) => inRange(value, range, 128))) return false;
  for (const { range, shift } of EMBEDDED_V4)
    if (inRange(value, range, 128)) return isPublicV4((value >> shift) & 0xffffffffn);
  return true;
}

/** The canonical text of an address, so that an allowance list matches however an address is written. */
const canonical = (ip: string) => {
  const value = isIP(ip) === 6 ? parseIpv6(ip) : null;
  return value === null ? ip : `v6:${value.toString(16)}`;
};

/** Whether `ip` is `entry`: an address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`) of the same family. */
function matchesEntry(ip: string, entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined) return canonical(address) === canonical(ip);
  const family = isIP(address);
  if (!family || family !== isIP(ip) || !/^\d{1,3}$/.test(prefix)) return false;
  const width = family === 4 ? 32 : 128;
  const bits = Number(prefix);
  if (bits > width) return false;
  const parse = family === 4 ? parseIpv4 : parseIpv6;
  const network = parse(address);
  const value = parse(ip);
  return network !== null && value !== null && inRange(value, [network, bits], width);
}

/** Whether the guard lets `ip` through: a public address, or one `allowPrivate` names. */
export function addressAllowed(ip: string, allowPrivate: TSafeFetchOptions['allowPrivateHosts']) {
  if (isPublicAddress(ip)) return true;
  if (allowPrivate === true) return true;
  if (Array.isArray(allowPrivate)) return allowPrivate.some((a) => matchesEntry(ip, a));
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Fetching

const systemResolve: TResolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refusedAddress = (host: string) =>
  new SafeFetchError('address', `The link points to an address that is not allowed (${host}).`);

/** The URL of one hop, or a refusal: http(s) only, no credentials, an IP literal must be public. */
function checkUrl(link: string, options: TSafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new SafeFetchError('url', 'The link is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('url', 'Only http and https links can be read.');
  if (url.username || url.password) throw new SafeFetchError('url', 'Links with credentials are not read.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new SafeFetchError('url', 'The link has no host.');
  if (isIP(host) && !addressAllowed(host, options.allowPrivateHosts)) throw refusedAddress(host);
  return url;
}

/**
 * The socket's DNS lookup: every answer is checked, and the socket connects only to checked answers. Node calls
 * it with `{ all: true }` when it races address families, and without otherwise.
 */
function guardedLookup(options: TSafeFetchOptions, onRefused: (err: SafeFetchError) => void): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    const all = typeof lookupOptions === 'object' && lookupOptions !== null && lookupOptions.all === true;
    resolve(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new SafeFetchError('dns', `No address for ${hostname}.`);
        // One private answer is enough to refuse: the socket could pick any of them.
        const bad = answers.find((a) => !addressAllowed(a.address, options.allowPrivateHosts));
        if (bad) throw refusedAddress(`${hostname} -> ${bad.address}`);
        if (all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      })
      .catch((err: unknown) => {
        const error =
          err instanceof SafeFetchError
            ? err
            : new SafeFetchError('dns', `${hostname} could not be resolved.`);
        onRefused(error);
        callback(error as NodeJS.ErrnoException, '', 0);
      });
  };
}

function requestOnce(
  url: URL,
  options: TSafeFetchOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    let refused: SafeFetchError | undefined;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'user-agent': 'HirecastBot/1.0 (+company details from a link)',
          accept: `${options.accept.join(', ')};q=1, */*;q=0.1`,
          'accept-encoding': 'gzip, deflate, br',
        },
        // A fresh agent: no pooled socket opened by other code, to a host we never checked, is reused.
        agent: false,
        lookup: guardedLookup(options, (err) => (refused = err)),
        signal,
      },
      resolve,
    );
    request.on('error', (err) => {
      if (refused) reject(refused);
      else if (signal.aborted) reject(new SafeFetchError('timeout', 'The page took too long to answer.'));
      else reject(new SafeFetchError('network', `The page could not be fetched: ${err.message}`));
    });
    request.end();
  });
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) {
    if (encoding === 'identity' || encoding === '') return response;
    response.destroy();
    throw new SafeFetchError('type', `Unsupported content encoding ${encoding}.`);
  }
  pipeline(response, decoder, () => {});
  return decoder;
}

async function readBody(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal) {
  const tooLarge = () => new SafeFetchError('size', `The page is larger than ${maxBytes} bytes.`);
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // The cap applies to the decoded bytes, so a small compressed bomb stops at `maxBytes` too.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (signal.aborted) throw new SafeFetchError('timeout', 'The page took too long to answer.');
    throw new SafeFetchError('network', 'The page could not be read.');
  } finally {
    stream.destroy();
    response.destroy();
  }
  return Buffer.concat(chunks);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function mediaType(header: string | undefined) {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => p.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i)?.[1]).find(Boolean);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}

/** GETs `link` under the guard described at the top of this file; throws SafeFetchError on any refusal. */
export async function safeFetch(link: string, options: TSafeFetchOptions): Promise<TSafeResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const signal = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  let url = checkUrl(link, options);
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(url, options, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (redirects >= maxRedirects)
        throw new SafeFetchError('redirects', 'The link redirects too many times.');
      url = checkUrl(new URL(location, url).href, options);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new SafeFetchError('status', `The page answered ${status}.`);
    }
    const { type, charset } = mediaType(response.headers['content-type']);
    if (!options.accept.includes(type)) {
      response.destroy();
      throw new SafeFetchError('type', `The page is ${type || 'of no declared type'}.`);
    }
    const body = await readBody(response, maxBytes, signal);
    return { url: url.href, status, contentType: type, charset, body };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Posting (issue 35: webhook deliveries)

export type TSafePostOptions = Pick<TSafeFetchOptions, 'allowPrivateHosts' | 'resolve'> & {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** How much of the answer is read; the rest is dropped. */
  maxBytes?: number;
};

/** Throws SafeFetchError('url' | 'address') when `link` may not be posted to (checked before any DNS). */
export function checkPostUrl(link: string, options: Pick<TSafeFetchOptions, 'allowPrivateHosts'>): URL {
  return checkUrl(link, { accept: [], ...options });
}

/**
 * POSTs `body` to `link` under the same guard as safeFetch, but follows NO redirect (a 3xx is an answer like any
 * other) and never throws for a status: it answers the status and the start of the body. Refusals, time-outs and
 * network failures throw SafeFetchError.
 */
export async function safePost(
  link: string,
  options: TSafePostOptions,
): Promise<{ status: number; body: string }> {
  const guard: TSafeFetchOptions = { accept: [], ...options };
  const url = checkUrl(link, guard);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxBytes = options.maxBytes ?? 4096;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    let refused: SafeFetchError | undefined;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        agent: false,
        lookup: guardedLookup(guard, (err) => (refused = err)),
        signal,
      },
      resolve,
    );
    request.on('error', (err) => {
      if (refused) reject(refused);
      else if (signal.aborted) reject(new SafeFetchError('timeout', 'The receiver took too long to answer.'));
      else reject(new SafeFetchError('network', `The receiver could not be reached: ${err.message}`));
    });
    request.end(options.body);
  });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) break;
    }
  } catch {
    if (signal.aborted) throw new SafeFetchError('timeout', 'The receiver took too long to answer.');
  } finally {
    response.destroy();
  }
  return {
    status: response.statusCode ?? 0,
    body: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'),
  };
}

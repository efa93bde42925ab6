import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

// Object keys are made here, never taken from a client: uploads/[public/]<ownerId>/<uuid>[-variant].<ext>.
// Images that appear on public pages (logos, banners, thumbnails) live under uploads/public/ and are readable
// without a signature (docs/decisions/004-storage-urls.md); everything else needs a signed, expiring URL.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^uploads/(public/)?(${UUID})/(${UUID})(-[a-z0-9]{1,16})?\\.([a-z0-9]{2,5})$`);

export const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export type TParsedKey = { isPublic: boolean; ownerId: string; id: string; variant?: string; ext: string };

/** Parses a key made by `newUploadKey`; anything else (traversal, other shapes) gives null. */
export function parseKey(key: string): TParsedKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  return { isPublic: Boolean(m[1]), ownerId: m[2]!, id: m[3]!, variant: m[4]?.slice(1), ext: m[5]! };
}

export const isPublicKey = (key: string) => parseKey(key)?.isPublic === true;

export function newUploadKey({
  ownerId,
  ext,
  isPublic,
}: {
  ownerId: string;
  ext: string;
  isPublic: boolean;
}) {
  return `uploads/${isPublic ? 'public/' : ''}${ownerId}/${randomUUID()}.${ext}`;
}

// spec 3 §7: the resized variants' URLs are handed out before the upload, so they derive from the key.
export function variantKeys(key: string) {
  const base = key.replace(/\.[a-z0-9]+$/, '');
  return { desktop: `${base}-desktop.webp`, mobile: `${base}-mobile.webp` };
}

/** Finds one of our keys inside an access URL (local or S3 form), or null when the URL is not ours. */
export function keyFromUrl(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  const at = path.indexOf('/uploads/');
  if (at < 0) return null;
  const key = path.slice(at + 1);
  return parseKey(key) ? key : null;
}

// HMAC-SHA256 over method, key, expiry, (for PUT) the content type and (for a GET that downloads) the file name
// offered, so none can be changed.
export function sign(
  secret: string,
  parts: { method: 'GET' | 'PUT'; key: string; expires: number; contentType?: string; download?: string },
) {
  const fields = [parts.method, parts.key, String(parts.expires), parts.contentType ?? ''];
  if (parts.download) fields.push(`download:${parts.download}`);
  return createHmac('sha256', secret).update(fields.join('\n')).digest('hex');
}

/** The Content-Disposition of a download offered under `name` (RFC 6266: an ASCII fallback and UTF-8). */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function checkSignature(
  secret: string,
  parts: {
    method: 'GET' | 'PUT';
    key: string;
    expires: unknown;
    contentType?: string;
    download?: string;
    signature: unknown;
  },
  now = Date.now(),
): boolean {
  const expires = Number(parts.expires);
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  if (typeof parts.signature !== 'string' || !/^[0-9a-f]{64}$/.test(parts.signature)) return false;
  const expected = Buffer.from(sign(secret, { ...parts, expires }), 'hex');
  return timingSafeEqual(expected, Buffer.from(parts.signature, 'hex'));
}

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { companies } from '@hirecast/db/schema';
import { LIMITS, SOCIAL_TYPES } from '@hirecast/domain/constants';
import { IMAGE_CONTENT_TYPES } from '@hirecast/domain/storage';
import type { TContext } from '../../lib/context.ts';
import { safeFetch, type TSafeFetchOptions } from '../../lib/safe-fetch.ts';
import { EXTENSION_BY_TYPE, newUploadKey } from '../../lib/storage/keys.ts';
import { detectType } from '../../lib/storage/verify.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { assertCanEditCompany } from './policy.ts';
import { uniqueViolation } from '../../lib/unique-violation.ts';
import { isNameTaken, loadCompany } from './service.ts';
import { parseCompanyPage, shortenBio, type TPageDetails } from './texau.ts';

// spec 1 §7 POST /texau {link} and its background job 'company.texau' (issue 7 item 5): the company's name,
// logo, description and social links read from its website or a public profile, with `texauLoading` true
// while the job runs. Every fetch goes through safeFetch (lib/safe-fetch.ts), the server-side request forgery
// guard.

export type TTexauDeps = Pick<TContext, 'db' | 'storage' | 'log'>;
/** What tests may change about the fetches (a local page, a short timeout); production passes nothing. */
export type TTexauOptions = {
  fetch?: Pick<TSafeFetchOptions, 'allowPrivateHosts' | 'resolve' | 'timeoutMs'>;
};

const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;

/** Marks the company as loading and queues the job; answers the company (texauLoading true). */
export async function requestCompanyDetails(
  ctx: TContext,
  { scope, link }: { scope: TCompanyScope; link: string },
) {
  assertCanEditCompany(scope);
  const loading = (texauLoading: boolean) =>
    ctx.db.update(companies).set({ texauLoading }).where(eq(companies.id, scope.companyId));
  await loading(true);
  try {
    await ctx.queue.send('company.texau', { companyId: scope.companyId, link });
  } catch (err) {
    await loading(false);
    throw err;
  }
  return loadCompany(ctx.db, scope.companyId);
}

function pageText(body: Buffer, charset: string | null) {
  const declared =
    charset ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.toString('latin1', 0, 2048))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * The logo found on the page, fetched under the same guard, checked to be a PNG, JPEG or WebP image of at most
 * 2 MB that decodes, and stored as one of the company's public images. Null when any of that fails: a missing
 * logo never spoils the rest.
 */
async function storeLogo(
  deps: TTexauDeps,
  { companyId, link }: { companyId: string; link: string },
  options: TTexauOptions,
) {
  try {
    const image = await safeFetch(link, {
      ...options.fetch,
      accept: IMAGE_CONTENT_TYPES,
      maxBytes: LIMITS.logoMaxBytes,
    });
    const detected = detectType(image.body);
    if (detected?.kind !== 'image') throw new Error('the logo is not a PNG, JPEG or WebP image');
    const { width, height } = await sharp(image.body, { limitInputPixels: 50_000_000 }).metadata();
    if (!width || !height) throw new Error('the logo could not be decoded');
    const key = newUploadKey({
      ownerId: companyId,
      ext: EXTENSION_BY_TYPE[detected.contentType]!,
      isPublic: true,
    });
    await deps.storage.put({ key, body: image.body, contentType: detected.contentType });
    return await deps.storage.signGet({ key });
  } catch (err) {
    deps.log.info({ err, companyId, link }, 'company logo not read from the link');
    return null;
  }
}

type TSocialLink = { type: (typeof SOCIAL_TYPES)[number]; value: string };

/** The company's links with the found ones merged in: a found link replaces the one of its type. */
export function mergeLinks(
  current: readonly { type: string; value: string }[],
  found: TPageDetails['links'],
) {
  const merged: TSocialLink[] = current
    .filter((l): l is TSocialLink => (SOCIAL_TYPES as readonly string[]).includes(l.type))
    .map((l) => found.find((f) => f.type === l.type) ?? l);
  for (const link of found) if (!merged.some((l) => l.type === link.type)) merged.push(link);
  return merged;
}

async function applyDetails(
  deps: TTexauDeps,
  { companyId, details, logo }: { companyId: string; details: TPageDetails; logo: string | null },
) {
  const [current] = await deps.db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!current) return;
  const name = details.name?.slice(0, LIMITS.companyNameMax).trim();
  // The name only when no other company has it (spec 1 §8: names are unique, whatever their case).
  const nameFree = name && name !== current.name && !(await isNameTaken(deps.db, name, companyId));
  const changes = {
    ...(details.description && { description: shortenBio(details.description) }),
    ...(logo && { logo }),
    ...(details.links.length > 0 && { info: mergeLinks(current.info, details.links) }),
    texauLoading: false,
    updatedAt: new Date(),
  };
  const update = (set: typeof changes & { name?: string }) =>
    deps.db.update(companies).set(set).where(eq(companies.id, companyId));
  try {
    await update(nameFree ? { ...changes, name } : changes);
  } catch (err) {
    // Another company took the name in the meantime: everything else still applies.
    if (uniqueViolation(err) !== 'companies_name_uq') throw err;
    await update(changes);
  }
}

/**
 * The 'company.texau' job. Any failure (a refused address, a page that is not HTML, a timeout) is logged and
 * ends the loading state; the company keeps what it had.
 */
export async function readCompanyFromLink(
  deps: TTexauDeps,
  { companyId, link }: { companyId: string; link: string },
  options: TTexauOptions = {},
): Promise<'filled' | 'failed'> {
  try {
    const page = await safeFetch(link, { ...options.fetch, accept: HTML_TYPES });
    const details = parseCompanyPage(pageText(page.body, page.charset), page.url);
    const logo = details.logo ? await storeLogo(deps, { companyId, link: details.logo }, options) : null;
    await applyDetails(deps, { companyId, details, logo });
    return 'filled';
  } catch (err) {
    deps.log.warn({ err, companyId, link }, 'company details not read from the link');
    await deps.db.update(companies).set({ texauLoading: false }).where(eq(companies.id, companyId));
    return 'failed';
  }
}

import { messages } from '@hirecast/domain/messages';
import type { TImageType } from '@hirecast/domain/storage';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl } from '../../lib/storage/keys.ts';
import { assertKeyOwner, checkStoredImage } from './service.ts';

type TOwnImage = { userId: string; imageType: Extract<TImageType, 'logo' | 'avatar'>; field: string };

// spec 1 §5: an image a person saves by URL (a company's or an agency's logo, their own photo) must be one
// of our uploads, of a key the person or their company owns, at most 2 MB and really an image. The check runs
// on save, so a client that skips POST /storage/verify cannot store anything else (another site's address,
// a javascript: URL). Answers the canonical URL of the key, never the URL as sent.
export async function checkOwnImage(
  ctx: TContext,
  { url, userId, imageType, field }: TOwnImage & { url: string },
) {
  const key = keyFromUrl(url);
  if (!key) throw new AppError('VALIDATION', messages.fileInvalid, { [field]: messages.fileInvalid });
  await assertKeyOwner(ctx, { key, userId });
  await checkStoredImage(ctx, { key, imageType, variants: false });
  return ctx.storage.signGet({ key });
}

/** The column to write for a change: undefined keeps it, null removes it, else the checked URL. */
export async function ownImageChange(
  ctx: TContext,
  { input, current, ...image }: TOwnImage & { input: string | null | undefined; current: string | null },
): Promise<string | null | undefined> {
  if (input === undefined) return undefined;
  if (!input) return null;
  if (input === current) return undefined;
  return checkOwnImage(ctx, { url: input, ...image });
}

import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl } from '../../lib/storage/keys.ts';
import { assertKeyOwner, checkStoredImage } from '../storage/service.ts';

// spec 1 §5: a logo must be one of our uploads, at most 2 MB and really an image. The check runs here too,
// so a client that skips POST /storage/verify cannot save anything else. Answers the canonical URL.
export async function checkLogo(ctx: TContext, { logo, userId }: { logo: string; userId: string }) {
  const key = keyFromUrl(logo);
  if (!key) throw new AppError('VALIDATION', messages.fileInvalid, { logo: messages.fileInvalid });
  await assertKeyOwner(ctx, { key, userId });
  await checkStoredImage(ctx, { key, imageType: 'logo', variants: false });
  return ctx.storage.signGet({ key });
}

/** The logo column to write for a change: undefined keeps it, null removes it, else the checked URL. */
export async function logoChange(
  ctx: TContext,
  { input, current, userId }: { input: string | null | undefined; current: string | null; userId: string },
): Promise<string | null | undefined> {
  if (input === undefined) return undefined;
  if (!input) return null;
  if (input === current) return undefined;
  return checkLogo(ctx, { logo: input, userId });
}

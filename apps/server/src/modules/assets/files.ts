import type { TContext } from '../../lib/context.ts';

/**
 * Removes a deleted asset's stored files. Called after the row is gone: a failed removal leaves an orphan file
 * (logged), never an asset without its file.
 */
export async function removeStoredFiles(
  ctx: Pick<TContext, 'storage' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys)
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'asset file not removed'));
}

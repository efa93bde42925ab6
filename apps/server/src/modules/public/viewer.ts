import type { TContext } from '../../lib/context.ts';
import { findSession } from '../../plugins/auth.ts';

/**
 * The signed-in user behind the web app's `auth-token` cookie (site pages are plain navigations, so they
 * carry no Authorization header), checked like the Bearer token of API calls.
 */
export async function userIdFromSessionToken(
  ctx: Pick<TContext, 'sessions'>,
  token: string | undefined,
): Promise<string | null> {
  return (await findSession(ctx, token))?.user.id ?? null;
}

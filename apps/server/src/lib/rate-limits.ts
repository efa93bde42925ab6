import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '@hirecast/domain/messages';
import { AppError } from './app-error.ts';

const HOUR = '1 hour';

/**
 * The limits on what costs someone else: emails sent on an employer's behalf, and the candidate side's
 * submissions and beacons. Declared here, once; @fastify/rate-limit counts them in the store app.ts gives it.
 */
export const RATE_LIMITS = {
  /**
   * Emails a signed-in employer makes the product send, per kind, per sender and per company each hour. Kinds
   * that reach any address (invitations, shares) count each email and are held tight, so the product is no
   * spam relay and an account cannot mail dozens of strangers in a company's name. Letters go only to the
   * company's own applicants and count per request: a recruiter working through a job's applicants sends many.
   */
  employerEmail: {
    invitation: { perUser: 30, perCompany: 100, timeWindow: HOUR },
    share: { perUser: 30, perCompany: 100, timeWindow: HOUR },
    applicantLetter: { perUser: 200, perCompany: 600, timeWindow: HOUR },
    // One request emails up to 1,000 applicants of a job.
    reengage: { perUser: 10, perCompany: 30, timeWindow: HOUR },
  },
  /**
   * Animated video templates one person creates ("make one like this" included). Each is a stored row that
   * anyone of the company sees and may finalize; a person building videos makes a few an hour.
   */
  videoTemplates: { createPerUser: { max: 30, timeWindow: HOUR } },
  apply: {
    /**
     * Submissions per client address. High on purpose: a job fair's Wi-Fi, a campus or an office sits behind one
     * address, and hundreds of people may apply through it in an hour. It only cuts off a flood from one machine;
     * duplicates are stopped per email and job below (and by the unique application per email and job).
     */
    perIp: { max: 300, timeWindow: HOUR },
    /** Attempts for one email on one job: a candidate retrying a failed upload, not a script. */
    perEmailAndJob: { max: 5, timeWindow: HOUR },
  },
} as const;

export type TLimit = { max: number; timeWindow: string };

type TCheck = (request: FastifyRequest) => Promise<void>;
// Each createRateLimit call makes its own counters, so one limiter per name and app: routes that share a name
// (every invitation route, say) share one budget.
const limiters = new WeakMap<object, Map<string, TCheck>>();

/**
 * A limit counted by a key a route computes (a user, a company, an email): as a preHandler, so it runs after
 * authentication and body validation. The plugin's own `config.rateLimit` runs at most once per request, so a
 * route's second and third keys go through `createRateLimit`. Answers 429 with `message` once `max` is passed.
 * Every route using one `name` counts into the same budget.
 */
export function keyedLimit(
  app: FastifyInstance,
  {
    name,
    limit,
    key,
    message = messages.tooManyRequests,
  }: { name: string; limit: TLimit; key: (request: FastifyRequest) => string | undefined; message?: string },
): TCheck {
  if (app.ctx.config.rateLimitDisabled) return async () => {};
  const byName = limiters.get(app.ctx) ?? new Map<string, TCheck>();
  limiters.set(app.ctx, byName);
  const known = byName.get(name);
  if (known) return known;
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `${name}:${key(request) ?? request.ip}`,
  });
  const limited: TCheck = async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('TOO_MANY_REQUESTS', message);
  };
  byName.set(name, limited);
  return limited;
}

/** `keyedLimit` as a route's preHandler list (empty when limits are off). */
export function keyedLimitHook(
  app: FastifyInstance,
  options: Parameters<typeof keyedLimit>[1],
): preHandlerAsyncHookHandler[] {
  if (app.ctx.config.rateLimitDisabled) return [];
  const check = keyedLimit(app, options);
  return [async (request) => check(request)];
}

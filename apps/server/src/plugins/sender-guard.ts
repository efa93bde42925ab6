import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../lib/app-error.ts';
import { keyedLimit, RATE_LIMITS } from '../lib/rate-limits.ts';
import { requireUser, resolveCompanyScope } from './auth.ts';

export type TEmployerEmailKind = keyof typeof RATE_LIMITS.employerEmail;

/**
 * The preHandler of every route on which a signed-in employer makes the product email someone (invitations,
 * shares, letters to applicants). The sender must have confirmed their own address (403): an account that
 * never did could otherwise mail anyone in the name of any company it creates. Then the kind's limits per
 * sender and per company (429). The company is resolved here, membership checked, so a request naming
 * another company's id answers 404 and cannot use up that company's budget.
 */
export function employerEmailGuard(
  app: FastifyInstance,
  kind: TEmployerEmailKind,
  {
    companyId,
    recipients = () => 1,
  }: {
    /** The company the route acts for, when its path names it (else X-Company-Id). */
    companyId?: (request: FastifyRequest) => string | undefined;
    /** How many emails the (validated) request sends, each counted: 20 invitations are 20, not one request. */
    recipients?: (request: FastifyRequest) => number;
  } = {},
): preHandlerAsyncHookHandler {
  const limits = RATE_LIMITS.employerEmail[kind];
  const perUser = keyedLimit(app, {
    name: `email-${kind}-user`,
    limit: { max: limits.perUser, timeWindow: limits.timeWindow },
    key: (request) => request.user?.id,
    message: messages.tooManyEmails,
  });
  const perCompany = keyedLimit(app, {
    name: `email-${kind}-company`,
    limit: { max: limits.perCompany, timeWindow: limits.timeWindow },
    key: (request) => request.scope?.companyId,
    message: messages.tooManyEmails,
  });
  return async (request) => {
    const user = requireUser(request);
    if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', messages.verifyEmailToSend);
    await resolveCompanyScope(app.ctx, request, companyId?.(request));
    for (let sent = 0; sent < Math.max(1, recipients(request)); sent++) {
      await perUser(request);
      await perCompany(request);
    }
  };
}

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAiDescriptionRequest } from '@hirecast/domain/ai-description';
import { ROLES } from '@hirecast/domain/constants';
import { ZDelta } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { describeJob } from './service.ts';

// Generation may call a paid provider: 20 per 10 minutes per user.
export const AI_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 1 §7 Jobs: POST /job/description {jobTitle, jobLocation, answer{question1..question4}, tone}; response result.
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/job/description',
    {
      preValidation: signedIn,
      config: ctx.config.rateLimitDisabled
        ? {}
        : {
            rateLimit: {
              ...AI_RATE_LIMIT,
              keyGenerator: (request: FastifyRequest) => `ai:${request.user?.id ?? request.ip}`,
            },
          },
      schema: {
        tags: ['job'],
        body: ZAiDescriptionRequest,
        response: { 200: z.object({ data: z.object({ result: ZDelta }) }) },
      },
    },
    async (request) => {
      // spec 1 §6: writing a description is editing a job, which Viewers cannot do.
      const scope = await resolveCompanyScope(ctx, request);
      if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
      return { data: { result: await describeJob(ctx, request.body) } };
    },
  );
};

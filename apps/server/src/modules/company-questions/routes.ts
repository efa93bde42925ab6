import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyQuestion, ZCreateCompanyQuestionRequest } from '@hirecast/domain/company-questions';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { addCompanyQuestion, listCompanyQuestions } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 1 §7 Company: GET and POST /company/questions, for the company of X-Company-Id.
export const companyQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/company/questions',
    {
      preValidation: signedIn,
      schema: { tags: ['company'], response: { 200: z.object({ data: z.array(ZCompanyQuestion) }) } },
    },
    async (request) => ({ data: await listCompanyQuestions(ctx, await resolveCompanyScope(ctx, request)) }),
  );

  app.post(
    '/company/questions',
    {
      preValidation: signedIn,
      schema: {
        tags: ['company'],
        body: ZCreateCompanyQuestionRequest,
        response: { 200: z.object({ data: ZCompanyQuestion }), 201: z.object({ data: ZCompanyQuestion }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const { question, created } = await addCompanyQuestion(ctx, {
        scope,
        userId: user.id,
        text: request.body.text,
        interview: request.body.interview,
      });
      return reply.status(created ? 201 : 200).send({ data: question });
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCompareEntry,
  ZCreateShareRequest,
  ZInterview,
  ZInterviewAnswer,
  ZInterviewSession,
  ZInterviewShare,
  ZInviteRequest,
  ZPutInterviewRequest,
  ZRateRequest,
  ZUpdateSessionRequest,
} from '@hirecast/domain/interview';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import { inviteCandidate } from './invite.ts';
import { deleteInterview, getInterview, putInterview } from './question-set.ts';
import { compareAnswers, createShare, deleteRating, listShares, rateAnswer, revokeShare } from './reviews.ts';
import { getSession, reopenQuestion, updateSession } from './sessions.ts';

const tags = ['interviews'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZJobParams = z.object({ jobId: z.string() });
const ZApplicationParams = z.object({ jobId: z.string(), id: z.string() });
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// Issue 25: the team's side of one-way interviews, under /api (contract: docs/decisions/028). Thin: validate,
// resolve the company (tenancy: another company's ids answer 404), call the service.
export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const caller = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });

  app.get(
    '/job/:jobId/interview',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "The job's interview (its ordered questions), or null when it has none.",
        params: ZJobParams,
        response: { 200: data(ZInterview.nullable()) },
      },
    },
    async (request) => {
      const { scope } = await caller(request);
      return { data: await getInterview(ctx, { scope, jobId: request.params.jobId }) };
    },
  );

  app.put(
    '/job/:jobId/interview',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description:
          "Saves the job's interview: 1–10 questions in order, and where it is used (apply flow, invitations). Viewers cannot.",
        params: ZJobParams,
        body: ZPutInterviewRequest,
        response: { 200: data(ZInterview) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return {
        data: await putInterview(ctx, { scope, user, jobId: request.params.jobId, body: request.body }),
      };
    },
  );

  app.delete(
    '/job/:jobId/interview',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "Removes the job's interview; candidates already invited keep theirs.",
        params: ZJobParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { scope } = await caller(request);
      await deleteInterview(ctx, { scope, jobId: request.params.jobId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/job/:jobId/interview/questions/:questionId/answers',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "Compare: every candidate's answer to one question of the job's interview.",
        params: z.object({ jobId: z.string(), questionId: z.string() }),
        response: { 200: data(z.array(ZCompareEntry)) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return { data: await compareAnswers(ctx, { scope, user, ...request.params }) };
    },
  );

  app.post(
    '/job/:jobId/application/:id/interview/invite',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'applicantLetter'),
      schema: {
        tags,
        description:
          'Invites the candidate to the job\'s interview: a letter ("Interview invitation" in Settings › Texts) with a private link that expires at the deadline.',
        params: ZApplicationParams,
        body: ZInviteRequest,
        response: { 201: data(ZInterviewSession) },
      },
    },
    async (request, reply) => {
      const { user, scope } = await caller(request);
      const session = await inviteCandidate(ctx, {
        scope,
        user,
        jobId: request.params.jobId,
        applicationId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send({ data: session });
    },
  );

  app.get(
    '/job/:jobId/application/:id/interview',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "The candidate's interview: questions, answers, ratings and averages.",
        params: ZApplicationParams,
        response: { 200: data(ZInterviewSession) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return {
        data: await getSession(ctx, {
          scope,
          user,
          jobId: request.params.jobId,
          applicationId: request.params.id,
        }),
      };
    },
  );

  app.patch(
    '/job/:jobId/application/:id/interview',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'Extends (or sets) the deadline, and/or gives the candidate extra time (×1.5, ×2, no limits).',
        params: ZApplicationParams,
        body: ZUpdateSessionRequest,
        response: { 200: data(ZInterviewSession) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return {
        data: await updateSession(ctx, {
          scope,
          user,
          jobId: request.params.jobId,
          applicationId: request.params.id,
          body: request.body,
        }),
      };
    },
  );

  app.post(
    '/job/:jobId/application/:id/interview/questions/:questionId/reopen',
    {
      config: { apiKeyScope: 'interviews' },
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'Re-opens one answered question for this candidate (the old answer stays in the record).',
        params: ZApplicationParams.extend({ questionId: z.string() }),
        response: { 200: data(ZInterviewSession) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const { jobId, id, questionId } = request.params;
      return {
        data: await reopenQuestion(ctx, { scope, user, jobId, applicationId: id, questionId }),
      };
    },
  );

  const ZAnswerParams = ZApplicationParams.extend({ answerId: z.string() });

  app.put(
    '/job/:jobId/application/:id/interview/answers/:answerId/rating',
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "The caller's rating of one answer (1–5 stars, optional comment). Viewers may rate.",
        params: ZAnswerParams,
        body: ZRateRequest,
        response: { 200: data(ZInterviewAnswer) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const { jobId, id, answerId } = request.params;
      return {
        data: await rateAnswer(ctx, { scope, user, jobId, applicationId: id, answerId, body: request.body }),
      };
    },
  );

  app.delete(
    '/job/:jobId/application/:id/interview/answers/:answerId/rating',
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        description: "Removes the caller's rating of one answer.",
        params: ZAnswerParams,
        response: { 200: data(ZInterviewAnswer) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      const { jobId, id, answerId } = request.params;
      return { data: await deleteRating(ctx, { scope, user, jobId, applicationId: id, answerId }) };
    },
  );

  app.post(
    '/job/:jobId/application/:id/interview/shares',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description:
          "A link for a reviewer outside the team to see and rate this candidate's interview; it expires and can hide name, email and CV.",
        params: ZApplicationParams,
        body: ZCreateShareRequest,
        response: { 201: data(ZInterviewShare) },
      },
    },
    async (request, reply) => {
      const { user, scope } = await caller(request);
      const share = await createShare(ctx, {
        scope,
        user,
        jobId: request.params.jobId,
        applicationId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send({ data: share });
    },
  );

  app.get(
    '/job/:jobId/application/:id/interview/shares',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: "The review links of this candidate's interview.",
        params: ZApplicationParams,
        response: { 200: data(z.array(ZInterviewShare)) },
      },
    },
    async (request) => {
      const { scope } = await caller(request);
      return {
        data: await listShares(ctx, { scope, jobId: request.params.jobId, applicationId: request.params.id }),
      };
    },
  );

  app.delete(
    '/job/:jobId/application/:id/interview/shares/:shareId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Revokes a review link at once.',
        params: ZApplicationParams.extend({ shareId: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { scope } = await caller(request);
      const { jobId, id, shareId } = request.params;
      await revokeShare(ctx, { scope, jobId, applicationId: id, shareId });
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnswerRequest,
  ZCandidateInterview,
  ZCandidateQuestion,
  ZCandidateTake,
  ZContactTeamRequest,
  ZCreateTakeResponse,
  ZFinishTakeRequest,
  ZGuestRateRequest,
  ZGuestReview,
  ZInterviewAnswer,
  ZInterviewSignedUrlQuery,
} from '@hirecast/domain/interview';
import { acceptTusBodies, parseUploadMetadata, tusHandler, type TTusUploads } from '../uploads/index.ts';
import { completeInterview, contactTeam, signAnswerFile, skipQuestion, submitAnswer } from './answers.ts';
import { getCandidateInterview, startQuestion } from './candidate.ts';
import { getGuestReview, rateAsGuest } from './reviews.ts';
import { createTake, createTakeTusServer, finishTake, takeUploadScope } from './takes.ts';

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['public'];
// Tokens are 43 characters; a longer value is refused by the schema before anything is looked up.
const ZToken = z.string().max(64);
const ZTokenParams = z.object({ token: ZToken });
const ZQuestionParams = z.object({ token: ZToken, questionId: z.string().max(64) });

// Issue 25: the candidate's interview and the outside reviewer's page, without an account. The token in the
// path is the key (redacted in request logs: lib/request-log.ts).
export const publicInterviewRoutes: FastifyPluginAsyncZod<{ tus: TTusUploads }> = async (app, { tus }) => {
  const { ctx } = app;
  const perIp = (max: number, timeWindow: string) => ({
    rateLimit: ctx.config.rateLimitDisabled ? (false as const) : { max, timeWindow },
  });
  const linkLimit = perIp(600, '10 minutes');

  app.get(
    '/public/interview/:token',
    {
      schema: {
        tags,
        description:
          "The candidate's interview: the questions with what they allow, and what is answered, started and used (resume here).",
        params: ZTokenParams,
        response: { 200: data(ZCandidateInterview) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await getCandidateInterview(ctx, request.params.token) }),
  );

  app.post(
    '/public/interview/:token/questions/:questionId/start',
    {
      schema: {
        tags,
        description:
          "Starts a question's preparation time; repeating it (a reload, another device) answers the same start.",
        params: ZQuestionParams,
        response: { 200: data(ZCandidateQuestion) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await startQuestion(ctx, request.params) }),
  );

  app.post(
    '/public/interview/:token/questions/:questionId/takes',
    {
      schema: {
        tags,
        description:
          'Opens one recording of a video answer (counted now) and says where its chunks go (tus, Upload-Metadata take).',
        params: ZQuestionParams,
        response: { 201: data(ZCreateTakeResponse) },
      },
      config: linkLimit,
    },
    async (request, reply) => {
      const result = await createTake(ctx, request.params);
      return reply.status(201).send({ data: result });
    },
  );

  app.post(
    '/public/interview/:token/takes/:takeId/finish',
    {
      schema: {
        tags,
        description:
          'The take\'s upload is complete: its bytes and duration are checked and it is saved ("answer saved").',
        params: z.object({ token: ZToken, takeId: z.string().max(64) }),
        body: ZFinishTakeRequest,
        response: { 200: data(ZCandidateTake) },
      },
      config: linkLimit,
    },
    async (request) => ({
      data: await finishTake(ctx, { tus, ...request.params, uploadId: request.body.uploadId }),
    }),
  );

  app.post(
    '/public/interview/:token/questions/:questionId/answer',
    {
      schema: {
        tags,
        description:
          'Submits the answer: { takeId } (video), { text }, { choice } (option index) or { file: { key, fileName } }.',
        params: ZQuestionParams,
        body: ZAnswerRequest,
        response: { 200: data(ZCandidateQuestion) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await submitAnswer(ctx, { ...request.params, body: request.body }) }),
  );

  app.post(
    '/public/interview/:token/questions/:questionId/skip',
    {
      schema: {
        tags,
        description: 'Leaves an optional question unanswered.',
        params: ZQuestionParams,
        response: { 200: data(ZCandidateQuestion) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await skipQuestion(ctx, request.params) }),
  );

  app.get(
    '/public/interview/:token/signed-url',
    {
      schema: {
        tags,
        description:
          'A signed PUT URL (15 minutes) for the answer to a file question (`question`, still open): PDF, DOCX, JPEG, PNG or WebP, up to 10 MB.',
        params: ZTokenParams,
        querystring: ZInterviewSignedUrlQuery,
        response: { 200: data(z.object({ url: z.string(), key: z.string() })) },
      },
      config: perIp(60, '1 hour'),
    },
    async (request) => ({
      data: await signAnswerFile(ctx, {
        token: request.params.token,
        questionId: request.query.question,
        contentType: request.query['content-type'],
      }),
    }),
  );

  app.post(
    '/public/interview/:token/complete',
    {
      schema: {
        tags,
        description: 'Completes the interview once every required question is answered.',
        params: ZTokenParams,
        response: { 200: data(ZCandidateInterview) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await completeInterview(ctx, request.params.token) }),
  );

  app.post(
    '/public/interview/:token/contact',
    {
      schema: {
        tags,
        description: '"Need more time?": a message from the candidate to the team (email and history).',
        params: ZTokenParams,
        body: ZContactTeamRequest,
        response: { 200: data(z.object({ message: z.string() })) },
      },
      config: perIp(5, '1 hour'),
    },
    async (request) => ({
      data: await contactTeam(ctx, { token: request.params.token, message: request.body.message }),
    }),
  );

  // tus for takes: /api/public/interview/uploads. Creation names the take (Upload-Metadata `take`).
  const tusServer = createTakeTusServer(ctx, tus);
  const handleTus = tusHandler(tusServer, (request) =>
    takeUploadScope(ctx, {
      tus,
      uploadId: (request.params as { id?: string } | undefined)?.id,
      takeId: parseUploadMetadata(request.headers['upload-metadata'] as string | undefined).take,
    }),
  );
  await app.register(async (uploads) => {
    acceptTusBodies(uploads);
    uploads.all(
      '/public/interview/uploads',
      {
        schema: {
          tags,
          description:
            'Resumable upload (tus 1.0.0) of one take while it records. Upload-Metadata: take, filename, filetype (video/mp4 or video/webm).',
        },
        config: perIp(200, '1 hour'),
      },
      handleTus,
    );
    uploads.all(
      '/public/interview/uploads/:id',
      {
        schema: { tags, description: 'Resume (HEAD, PATCH) a take upload (tus 1.0.0).' },
        config: perIp(5000, '1 hour'),
      },
      handleTus,
    );
  });

  // The outside reviewer.
  app.get(
    '/public/interview-review/:token',
    {
      schema: {
        tags,
        description:
          "One candidate's interview for a reviewer outside the team (name, email and CV hidden when the link says so).",
        params: ZTokenParams,
        response: { 200: data(ZGuestReview) },
      },
      config: linkLimit,
    },
    async (request) => ({ data: await getGuestReview(ctx, request.params.token) }),
  );

  app.put(
    '/public/interview-review/:token/answers/:answerId/rating',
    {
      schema: {
        tags,
        description: "The outside reviewer's rating of one answer, under the name they give.",
        params: z.object({ token: ZToken, answerId: z.string().max(64) }),
        body: ZGuestRateRequest,
        response: { 200: data(ZInterviewAnswer) },
      },
      config: linkLimit,
    },
    async (request) => ({
      data: await rateAsGuest(ctx, { ...request.params, body: request.body }),
    }),
  );
};

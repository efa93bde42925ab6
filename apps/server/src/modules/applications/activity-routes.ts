import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCommunicationRequest,
  ZHistoryItem,
  ZMark,
  ZMarkRequest,
  ZNote,
  ZNoteRequest,
} from '@hirecast/domain/applicants';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import { listHistory, replyToCandidate } from './history.ts';
import { deleteMark, listMarks, setMark } from './marks.ts';
import { addNote, deleteNote, listNotes } from './notes.ts';

const tags = ['applications'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZApplicationParams = z.object({ jobId: z.string(), id: z.string() });
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 2 §7 notes, marks (Applications) and History. Any role reads; any role writes notes and marks (spec 2
// §6 does not forbid them to viewers); only the author deletes a note or a mark; replies need a non-viewer.
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const caller = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });
  const base = '/job/:jobId/application/:id';

  app.get(
    `${base}/note`,
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, params: ZApplicationParams, response: { 200: data(z.array(ZNote)) } },
    },
    async (request) => {
      const { scope } = await caller(request);
      return { data: await listNotes(ctx, { scope, ...request.params }) };
    },
  );

  app.post(
    `${base}/note`,
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: { tags, params: ZApplicationParams, body: ZNoteRequest, response: { 201: data(ZNote) } },
    },
    async (request, reply) => {
      const { user, scope } = await caller(request);
      const note = await addNote(ctx, { scope, user, ...request.params, input: request.body });
      return reply.status(201).send({ data: note });
    },
  );

  app.delete(
    `${base}/note/:noteId`,
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        params: ZApplicationParams.extend({ noteId: z.string() }),
        response: { 200: data(z.object({ _id: z.string(), noteCount: z.number().int() })) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return { data: await deleteNote(ctx, { scope, user, ...request.params }) };
    },
  );

  app.get(
    `${base}/mark`,
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, params: ZApplicationParams, response: { 200: data(z.array(ZMark)) } },
    },
    async (request) => {
      const { scope } = await caller(request);
      return { data: await listMarks(ctx, { scope, ...request.params }) };
    },
  );

  app.post(
    `${base}/mark`,
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        description: 'One mark per person: marking again replaces it.',
        params: ZApplicationParams,
        body: ZMarkRequest,
        response: { 200: data(ZMark) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return { data: await setMark(ctx, { scope, user, ...request.params, mark: request.body.mark }) };
    },
  );

  app.delete(
    `${base}/mark/:markId`,
    {
      config: { apiKeyScope: 'write' },
      preValidation: signedIn,
      schema: {
        tags,
        params: ZApplicationParams.extend({ markId: z.string() }),
        response: { 200: data(z.object({ _id: z.string(), markAvg: z.number().nullable() })) },
      },
    },
    async (request) => {
      const { user, scope } = await caller(request);
      return { data: await deleteMark(ctx, { scope, user, ...request.params }) };
    },
  );

  const ZHistoryParams = z.object({ applicationId: z.string() });

  app.get(
    '/history/application/:applicationId',
    {
      config: { apiKeyScope: 'read' },
      preValidation: signedIn,
      schema: { tags, params: ZHistoryParams, response: { 200: data(z.array(ZHistoryItem)) } },
    },
    async (request) => {
      const { scope } = await caller(request);
      return { data: await listHistory(ctx, { scope, applicationId: request.params.applicationId }) };
    },
  );

  app.post(
    '/history/application/:applicationId/communication',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'applicantLetter'),
      schema: {
        tags,
        description: 'A reply to the candidate by email, recorded in the history as communication.',
        params: ZHistoryParams,
        body: ZCommunicationRequest,
        response: { 201: data(ZHistoryItem) },
      },
    },
    async (request, reply) => {
      const { user, scope } = await caller(request);
      const item = await replyToCandidate(ctx, {
        scope,
        user,
        applicationId: request.params.applicationId,
        text: request.body.text,
      });
      return reply.status(201).send({ data: item });
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAPTION_FILE_MAX_BYTES,
  captionMessages,
  captionRouteMessages,
  ZCaptions,
  ZSaveCaptionsRequest,
} from '@hirecast/domain/captions';
import {
  ZTranscript,
  ZTranscriptionSettingsRequest,
  ZTranscriptionUsage,
  ZTranscriptSearchQuery,
  ZTranscriptSearchResponse,
} from '@hirecast/domain/transcript';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import { auditActorOf, recordAudit } from '../../lib/privacy-audit.ts';
import { requireRole, requireUser, resolveCompanyScope, type TCompanyScope } from '../../plugins/auth.ts';
import { getCaptionsFile, getCaptionsForEditor, saveCaptions, uploadCaptions } from './captions.ts';
import { searchTranscripts } from './search.ts';
import { assertSummaryMade, setAnswerSummaries, summarizeAnswer, summaryDeps } from './summaries.ts';
import { applicationOfAsset, getTranscript, retryTranscript, transcriptionUsage } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZId = z.object({ id: z.string() });
// Issue 34: a caption route's video id is checked by its shape; a malformed one is a 400 that says so.
const ZCaptionsId = z.object({
  id: z.string().max(64, captionRouteMessages.assetId).regex(UUID, captionRouteMessages.assetId),
});
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZFileQuery = z.object({ download: z.stringbool().optional() });
const CAPTION_TYPES = { vtt: 'text/vtt', srt: 'application/x-subrip' } as const;

// Issue 34: a company's video's transcript, its captions, and "Try again" (decision 034). Signed in, for the
// caller's company, as the assets routes.
export const transcriptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Item 6: reading a candidate's words is audited as playing their video is (one event per member per window).
  const auditRead = async (request: FastifyRequest, scope: TCompanyScope, assetId: string) => {
    const applicationId = await applicationOfAsset(ctx, scope, assetId);
    if (!applicationId) return;
    await recordAudit(ctx.db, {
      companyId: scope.companyId,
      applicationId,
      action: 'transcript_view',
      actor: auditActorOf(requireUser(request)),
      ip: request.ip,
      details: { assetId },
    });
  };

  app.get(
    '/transcription/usage',
    {
      preValidation: signedIn,
      schema: { tags: ['transcripts'], response: { 200: data(ZTranscriptionUsage) } },
    },
    async (request) => ({ data: await transcriptionUsage(ctx, await resolveCompanyScope(ctx, request)) }),
  );

  // Item 5 (decision 038): an admin turns the machine-written answer summaries on or off (off by default).
  app.put(
    '/transcription/settings',
    {
      preValidation: signedIn,
      schema: {
        tags: ['transcripts'],
        body: ZTranscriptionSettingsRequest,
        response: { 200: data(ZTranscriptionUsage) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      requireRole(scope, 2);
      await setAnswerSummaries(ctx.db, scope.companyId, request.body.answerSummaries);
      return { data: await transcriptionUsage(ctx, scope) };
    },
  );

  // Item 5: the summary of an interview answer made (again) now, by a member who may act on applicants.
  app.post(
    '/asset/:id/summary',
    {
      preValidation: signedIn,
      schema: { tags: ['transcripts'], params: ZId, response: { 200: data(ZTranscript) } },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      requireRole(scope, 1);
      await getTranscript(ctx, scope, request.params.id);
      assertSummaryMade(await summarizeAnswer(summaryDeps(ctx), request.params.id));
      return { data: await getTranscript(ctx, scope, request.params.id) };
    },
  );

  // Item 4: what the job's candidates said, every member of the company (viewers too, as the applicants list).
  app.get(
    '/job/:jobId/transcripts/search',
    {
      preValidation: signedIn,
      schema: {
        tags: ['transcripts'],
        summary: "Full-text search of the job's applicants' transcripts: candidate, question, moment, words",
        params: z.object({ jobId: z.string() }),
        querystring: ZTranscriptSearchQuery,
        response: { 200: data(ZTranscriptSearchResponse) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return {
        data: await searchTranscripts(ctx, { scope, jobId: request.params.jobId, q: request.query.q }),
      };
    },
  );

  app.get(
    '/asset/:id/transcript',
    {
      preValidation: signedIn,
      schema: { tags: ['transcripts'], params: ZId, response: { 200: data(ZTranscript) } },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      const transcript = await getTranscript(ctx, scope, request.params.id);
      if (transcript.status === 'done') await auditRead(request, scope, request.params.id);
      return { data: transcript };
    },
  );

  app.post(
    '/asset/:id/transcript/retry',
    {
      preValidation: signedIn,
      schema: { tags: ['transcripts'], params: ZId, response: { 202: data(ZTranscript) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const queued = await retryTranscript(ctx, { scope, userId: user.id, assetId: request.params.id });
      return reply.status(202).send({ data: queued });
    },
  );

  // Issue 34 items 2-3: the captions as files (WebVTT for a <track kind="captions">, SubRip for download).
  // Fastify sends a string with its own content type as it is (no JSON serialiser); `produces` gives the
  // document its media type. Reviewed captions win over the transcript's.
  for (const format of ['vtt', 'srt'] as const) {
    app.get(
      `/asset/:id/captions.${format}`,
      {
        preValidation: signedIn,
        schema: {
          tags: ['transcripts'],
          summary:
            format === 'vtt'
              ? 'The WebVTT captions of the video (text/vtt): reviewed, else made from its transcript'
              : 'The captions of the video as a SubRip file (.srt), for download',
          params: ZCaptionsId,
          querystring: ZFileQuery,
          produces: [CAPTION_TYPES[format]],
          response: { 200: z.string().describe(format === 'vtt' ? 'WebVTT' : 'SubRip') },
        },
      },
      async (request, reply) => {
        const scope = await resolveCompanyScope(ctx, request);
        const file = await getCaptionsFile(ctx, scope, { assetId: request.params.id, format });
        await auditRead(request, scope, request.params.id);
        if (file.language) reply.header('content-language', file.language);
        if (request.query.download)
          reply.header('content-disposition', `attachment; filename="captions.${format}"`);
        return reply
          .header('content-type', `${CAPTION_TYPES[format]}; charset=utf-8`)
          .header('cache-control', 'private, no-cache')
          .send(file.body);
      },
    );
  }

  // Issue 34 item 3: the caption editor's reading and saving, and a .vtt or .srt file's upload.
  app.get(
    '/asset/:id/captions',
    {
      preValidation: signedIn,
      schema: { tags: ['transcripts'], params: ZCaptionsId, response: { 200: data(ZCaptions) } },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await getCaptionsForEditor(ctx, scope, request.params.id) };
    },
  );

  app.put(
    '/asset/:id/captions',
    {
      preValidation: signedIn,
      schema: {
        tags: ['transcripts'],
        summary: "Saves the video's captions (they become reviewed)",
        params: ZCaptionsId,
        body: ZSaveCaptionsRequest,
        response: { 200: data(ZCaptions) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const saved = await saveCaptions(ctx, {
        scope,
        userId: user.id,
        assetId: request.params.id,
        input: request.body,
        source: 'editor',
      });
      return { data: saved };
    },
  );

  // The file is the request body (text/vtt or application/x-subrip). A body that says it is over 1 MB is
  // refused before it is read; one that does not say (chunked) is cut off once it passes 1 MB.
  for (const type of Object.values(CAPTION_TYPES))
    app.addContentTypeParser(type, (_request, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > CAPTION_FILE_MAX_BYTES) {
          payload.removeAllListeners('data');
          payload.resume();
          done(new AppError('PAYLOAD_TOO_LARGE', captionMessages.tooLarge), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (size <= CAPTION_FILE_MAX_BYTES) done(null, Buffer.concat(chunks).toString('utf8'));
      });
      payload.on('error', (err) => done(err, undefined));
    });
  app.post(
    '/asset/:id/captions/file',
    {
      preValidation: signedIn,
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > CAPTION_FILE_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', captionMessages.tooLarge);
      },
      schema: {
        tags: ['transcripts'],
        summary: "Uploads a .vtt or .srt file as the video's captions (at most 1 MB; they become reviewed)",
        params: ZCaptionsId,
        consumes: Object.values(CAPTION_TYPES),
        body: z.string().describe('The WebVTT or SubRip file'),
        response: { 200: data(ZCaptions) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const saved = await uploadCaptions(ctx, {
        scope,
        userId: user.id,
        assetId: request.params.id,
        text: request.body,
      });
      return { data: saved };
    },
  );
};

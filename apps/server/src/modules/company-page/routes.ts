import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCompanyPage,
  ZCreateDynamicElementRequest,
  ZCreatePageAssetRequest,
  ZCreateQuoteRequest,
  ZCreateStoryRequest,
  ZCreateTextAreaRequest,
  ZDeleteAnswer,
  ZReorderRequest,
  ZStory,
  ZUpdateCompanyPageRequest,
  ZUpdateQuoteRequest,
  ZUpdateStoryRequest,
  ZUpdateTextAreaRequest,
} from '@hirecast/domain/company-page';
import type { TBlockType } from '@hirecast/domain/company-page-rules';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { assertCanEditPage } from './policy.ts';
import {
  addDynamicElement,
  addPageAsset,
  createQuote,
  createTextArea,
  deleteBlock,
  getCompanyPage,
  reorderBlocks,
  updateCompanyPage,
  updateQuote,
  updateTextArea,
} from './service.ts';
import { createStory, deleteStory, getStory, updateStory } from './stories.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZPageParams = z.object({ id: z.string().max(64) });
const ZBlockParams = z.object({ id: z.string().max(64), blockId: z.string().max(64) });
const ZStoryParams = z.object({ id: z.string().max(64), slug: z.string().max(200) });
const tags = ['company-page'];

// spec 3 §7 "Company page": every call under /api/company-page, for the company of X-Company-Id. `{id}` is the
// page's id; a page, block or story of another company answers 404. Writes are the admins' (policy.ts).
export const companyPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = (request: FastifyRequest) => resolveCompanyScope(ctx, request);
  const editor = async (request: FastifyRequest) => {
    const scope = await resolveCompanyScope(ctx, request);
    assertCanEditPage(scope);
    return scope;
  };
  const pageWrite = { preValidation: signedIn };

  app.get(
    '/company-page/:companyId/company',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: z.object({ companyId: z.string().max(64) }),
        response: { 200: data(ZCompanyPage) },
      },
    },
    async (request) => {
      // The route's own company id: a company the caller is not a member of answers 404.
      const scope = await resolveCompanyScope(ctx, request, request.params.companyId);
      return { data: await getCompanyPage(ctx, scope) };
    },
  );

  app.patch(
    '/company-page/:id',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZPageParams,
        body: ZUpdateCompanyPageRequest,
        response: { 200: data(ZCompanyPage) },
      },
    },
    async (request) => {
      const scope = await editor(request);
      return { data: await updateCompanyPage(ctx, { scope, pageId: request.params.id, body: request.body }) };
    },
  );

  app.post(
    '/company-page/:id/text-area',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZPageParams,
        body: ZCreateTextAreaRequest,
        response: { 201: data(ZCompanyPage) },
      },
    },
    async (request, reply) => {
      const scope = await editor(request);
      const page = await createTextArea(ctx, { scope, pageId: request.params.id, body: request.body });
      return reply.status(201).send({ data: page });
    },
  );

  app.patch(
    '/company-page/:id/text-area/:blockId',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZBlockParams,
        body: ZUpdateTextAreaRequest,
        response: { 200: data(ZCompanyPage) },
      },
    },
    async (request) => {
      const scope = await editor(request);
      const { id: pageId, blockId } = request.params;
      return { data: await updateTextArea(ctx, { scope, pageId, blockId, body: request.body }) };
    },
  );

  app.post(
    '/company-page/:id/quote',
    {
      ...pageWrite,
      schema: { tags, params: ZPageParams, body: ZCreateQuoteRequest, response: { 201: data(ZCompanyPage) } },
    },
    async (request, reply) => {
      const scope = await editor(request);
      const page = await createQuote(ctx, { scope, pageId: request.params.id, body: request.body });
      return reply.status(201).send({ data: page });
    },
  );

  app.patch(
    '/company-page/:id/quote/:blockId',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZBlockParams,
        body: ZUpdateQuoteRequest,
        response: { 200: data(ZCompanyPage) },
      },
    },
    async (request) => {
      const scope = await editor(request);
      const { id: pageId, blockId } = request.params;
      return { data: await updateQuote(ctx, { scope, pageId, blockId, body: request.body }) };
    },
  );

  app.post(
    '/company-page/:id/asset',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZPageParams,
        body: ZCreatePageAssetRequest,
        response: { 201: data(ZCompanyPage) },
      },
    },
    async (request, reply) => {
      const scope = await editor(request);
      const page = await addPageAsset(ctx, { scope, pageId: request.params.id, body: request.body });
      return reply.status(201).send({ data: page });
    },
  );

  app.post(
    '/company-page/:id/dynamic-element',
    {
      ...pageWrite,
      schema: {
        tags,
        params: ZPageParams,
        body: ZCreateDynamicElementRequest,
        response: { 201: data(ZCompanyPage) },
      },
    },
    async (request, reply) => {
      const scope = await editor(request);
      const page = await addDynamicElement(ctx, { scope, pageId: request.params.id, body: request.body });
      return reply.status(201).send({ data: page });
    },
  );

  // DELETE of a block by kind: the path names what the id must be.
  const deletable: [string, readonly TBlockType[]][] = [
    ['text-area', ['TEXT_AREA']],
    ['quote', ['QUOTE']],
    ['asset', ['IMAGE_ASSET', 'VIDEO_ASSET', 'PROMO_ASSET']],
    ['dynamic-element', ['STATISTIC', 'SOCIALS', 'LATEST_JOBS']],
  ];
  for (const [segment, types] of deletable) {
    app.delete(
      `/company-page/:id/${segment}/:blockId`,
      { ...pageWrite, schema: { tags, params: ZBlockParams, response: { 200: data(ZCompanyPage) } } },
      async (request) => {
        const scope = await editor(request);
        const { id: pageId, blockId } = request.params;
        return { data: await deleteBlock(ctx, { scope, pageId, blockId, types }) };
      },
    );
  }

  app.patch(
    '/company-page/:id/reorder',
    {
      ...pageWrite,
      schema: { tags, params: ZPageParams, body: ZReorderRequest, response: { 200: data(ZCompanyPage) } },
    },
    async (request) => {
      const scope = await editor(request);
      return { data: await reorderBlocks(ctx, { scope, pageId: request.params.id, body: request.body }) };
    },
  );

  app.post(
    '/company-page/:id/employer-testimonial',
    {
      ...pageWrite,
      schema: { tags, params: ZPageParams, body: ZCreateStoryRequest, response: { 201: data(ZStory) } },
    },
    async (request, reply) => {
      const scope = await editor(request);
      const story = await createStory(ctx, { scope, pageId: request.params.id, body: request.body });
      return reply.status(201).send({ data: story });
    },
  );

  app.get(
    '/company-page/:id/employer-testimonial/:slug',
    { preValidation: signedIn, schema: { tags, params: ZStoryParams, response: { 200: data(ZStory) } } },
    async (request) => {
      const scope = await reader(request);
      return { data: await getStory(ctx, { scope, pageId: request.params.id, slug: request.params.slug }) };
    },
  );

  app.patch(
    '/company-page/:id/employer-testimonial/:slug',
    {
      ...pageWrite,
      schema: { tags, params: ZStoryParams, body: ZUpdateStoryRequest, response: { 200: data(ZStory) } },
    },
    async (request) => {
      const scope = await editor(request);
      const { id: pageId, slug } = request.params;
      return { data: await updateStory(ctx, { scope, pageId, slug, body: request.body }) };
    },
  );

  app.delete(
    '/company-page/:id/employer-testimonial/:slug',
    { ...pageWrite, schema: { tags, params: ZStoryParams, response: { 200: data(ZDeleteAnswer) } } },
    async (request) => {
      const scope = await editor(request);
      await deleteStory(ctx, { scope, pageId: request.params.id, slug: request.params.slug });
      return { data: { deleted: true as const } };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookWithSecret,
} from '@hirecast/domain/webhooks';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './service.ts';

const tags = ['webhooks'];
const signedIn = async (request: FastifyRequest) => void requireUser(request);
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ZId = z.object({ id: z.string() });
const ZQueued = z.object({ eventId: z.string(), deliveryId: z.string() });

// Issue 35 items 2 and 3 (decision 037): Settings › Integrations, for the company's admins with a session.
// `kind` tells a webhook endpoint (signed, chosen events) from a Slack or Teams channel.
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const scopeOf = (request: FastifyRequest) => resolveCompanyScope(ctx, request);

  app.get(
    '/webhooks',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The company's webhook endpoints and Slack / Teams channels (admins)",
        response: { 200: data(z.array(ZWebhookEndpoint)) },
      },
    },
    async (request) => ({ data: await listWebhooks(ctx, await scopeOf(request)) }),
  );

  app.post(
    '/webhooks',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Adds an endpoint; a webhook’s signing secret is in this answer only',
        body: ZCreateWebhookRequest,
        response: { 201: data(ZWebhookWithSecret) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createWebhook(ctx, await scopeOf(request), request.body) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Changes the URL, events, description, ids-only or enabled',
        params: ZId,
        body: ZUpdateWebhookRequest,
        response: { 200: data(ZWebhookEndpoint) },
      },
    },
    async (request) => ({
      data: await updateWebhook(ctx, await scopeOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/webhooks/:id',
    { preValidation: signedIn, schema: { tags, params: ZId, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteWebhook(ctx, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'A new signing secret (in this answer only); the old one keeps signing beside it for 24 h',
        params: ZId,
        response: { 200: data(ZWebhookWithSecret) },
      },
    },
    async (request) => ({ data: await rotateWebhookSecret(ctx, await scopeOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Sends a webhook.test event (a test message to Slack / Teams)',
        params: ZId,
        response: { 202: data(ZQueued) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await sendTestEvent(ctx, await scopeOf(request), request.params.id) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'The delivery log, newest first',
        params: ZId,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: data(z.array(ZWebhookDelivery)) },
      },
    },
    async (request) => ({
      data: await listDeliveries(ctx, await scopeOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Sends the delivery’s event again (same webhook-id)',
        params: z.object({ id: z.string(), deliveryId: z.string() }),
        response: { 202: data(ZQueued) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await redeliver(ctx, await scopeOf(request), request.params.id, request.params.deliveryId),
      }),
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBillingFeatures,
  ZBillingState,
  ZCheckoutRequest,
  ZPlanChange,
  ZPlanContactRequest,
  ZPortalRequest,
  ZRedirect,
} from '@hirecast/domain/billing';
import { ZCancelPlanRequest, ZPlanEndPreview } from '@hirecast/domain/plan-end';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { cancelPlanNow, readPlanEnd } from './cancel.ts';
import { readCatalogue } from './catalogue.ts';
import { localBillingRoutes } from './local-routes.ts';
import { createBillingProvider } from './create-provider.ts';
import {
  changePlan,
  listPlanChanges,
  openPortal,
  readBillingState,
  requestCustomPlan,
  startCheckout,
} from './service.ts';
import { webhookRoutes } from './webhook-routes.ts';

const tags = ['billing'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const signedIn = async (request: FastifyRequest) => void requireUser(request);
// Custom plan requests send an email: limited like the contact form.
const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

// spec 2 §7 Billing, under /api. Thin: validate, resolve the company (tenancy), call the service.
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const provider = createBillingProvider(ctx);
  const caller = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });

  app.get(
    '/billing/features',
    { preValidation: signedIn, schema: { tags, response: { 200: data(ZBillingFeatures) } } },
    async () => ({ data: await readCatalogue(ctx.db) }),
  );

  app.get(
    '/billing/subscription',
    { preValidation: signedIn, schema: { tags, response: { 200: data(ZBillingState) } } },
    async (request) => ({ data: await readBillingState(ctx, (await caller(request)).scope) }),
  );

  app.get(
    '/billing/changes',
    { preValidation: signedIn, schema: { tags, response: { 200: data(z.array(ZPlanChange)) } } },
    async (request) => ({ data: await listPlanChanges(ctx, (await caller(request)).scope) }),
  );

  app.post(
    '/billing',
    { preValidation: signedIn, schema: { tags, body: ZCheckoutRequest, response: { 200: data(ZRedirect) } } },
    async (request) => ({
      data: await startCheckout(ctx, provider, { ...(await caller(request)), input: request.body }),
    }),
  );

  app.post(
    '/billing/update',
    { preValidation: signedIn, schema: { tags, body: ZCheckoutRequest, response: { 200: data(ZRedirect) } } },
    async (request) => ({
      data: await changePlan(ctx, provider, { ...(await caller(request)), input: request.body }),
    }),
  );

  app.get(
    '/billing/plan-end',
    { preValidation: signedIn, schema: { tags, response: { 200: data(ZPlanEndPreview) } } },
    async (request) => ({ data: await readPlanEnd(ctx, await caller(request)) }),
  );

  app.post(
    '/billing/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags,
        body: ZCancelPlanRequest,
        response: { 200: data(z.object({ cancelled: z.literal(true) })) },
      },
    },
    async (request) => ({
      data: await cancelPlanNow(ctx, provider, { ...(await caller(request)), input: request.body }),
    }),
  );

  app.post(
    '/billing/portal',
    { preValidation: signedIn, schema: { tags, body: ZPortalRequest, response: { 200: data(ZRedirect) } } },
    async (request) => ({
      data: await openPortal(ctx, provider, {
        ...(await caller(request)),
        returnUrl: request.body.returnUrl,
      }),
    }),
  );

  app.post(
    '/billing/contact',
    {
      preValidation: signedIn,
      config: ctx.config.rateLimitDisabled ? {} : { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags,
        body: ZPlanContactRequest,
        response: { 201: data(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      const sent = await requestCustomPlan(ctx, { ...(await caller(request)), input: request.body });
      return reply.status(201).send({ data: sent });
    },
  );

  await app.register(webhookRoutes);
  if (provider.kind === 'local') await app.register(localBillingRoutes);
};

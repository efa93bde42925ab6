import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { listProducts, readCatalogue } from './catalogue.ts';
import { checkoutPage, expiredPage, portalPage } from './local-html.ts';
import {
  completeLocalCheckout,
  findLocalSession,
  LOCAL_CHECKOUT_PATH,
  LOCAL_PORTAL_PATH,
  runPortalAction,
} from './local-provider.ts';
import { findCurrentSubscription, presentSubscription } from './plan.ts';
import { chargeTestCard } from './test-cards.ts';

// The embedded provider's hosted pages (without Stripe keys): the test checkout and the billing portal.
// Like Stripe's, they are reached by an unguessable, expiring session id in the URL and need no sign-in.
// They live under /api so the Vite dev server's proxy reaches them too.

const ZCheckoutForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(100).default(''),
});
const ZPortalForm = z.object({
  action: z.enum(['change', 'cancel-at-period-end', 'resume', 'cancel-now', 'fail-payment', 'pay']),
  plan: z.string().max(300).optional(),
});

type TLocalSession = NonNullable<Awaited<ReturnType<typeof findLocalSession>>>;

const sessionId = (params: unknown) => {
  const id = (params as { id?: unknown }).id;
  return typeof id === 'string' && id.length <= 100 ? id : '';
};

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export const localBillingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // HTML forms post urlencoded bodies (only these pages read them).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const portalFor = async (session: TLocalSession, id: string, error?: string) => {
    const row = await findCurrentSubscription(ctx.db, session.companyId);
    const subscription = await presentSubscription(ctx.db, row, session.companyId);
    const { products } = await readCatalogue(ctx.db);
    const action = `${LOCAL_PORTAL_PATH}/${id}`;
    return portalPage({ action, returnUrl: session.successUrl!, subscription, products, error });
  };
  const productOf = async (priceId: string | null) =>
    (await listProducts(ctx.db)).find((p) => p.priceId === priceId) ?? null;

  app.get(
    `${LOCAL_CHECKOUT_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = sessionId(request.params);
      const session = await findLocalSession(ctx, id, 'checkout');
      const product = session && (await productOf(session.priceId));
      if (!session || !product) return html(reply, expiredPage('/plans'), 404);
      const action = `${LOCAL_CHECKOUT_PATH}/${id}`;
      return html(
        reply,
        checkoutPage({ action, product, jobs: session.jobs!, cancelUrl: session.cancelUrl! }),
      );
    },
  );

  app.post(
    `${LOCAL_CHECKOUT_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = sessionId(request.params);
      const form = ZCheckoutForm.safeParse(request.body ?? {});
      const session = await findLocalSession(ctx, id, 'checkout');
      const product = session && (await productOf(session.priceId));
      if (!session || !product || !form.success) return html(reply, expiredPage('/plans'), 404);
      const outcome = chargeTestCard(form.data);
      if (!outcome.ok && !outcome.declined) {
        const action = `${LOCAL_CHECKOUT_PATH}/${id}`;
        const page = checkoutPage({
          action,
          product,
          jobs: session.jobs!,
          cancelUrl: session.cancelUrl!,
          error: outcome.message,
          values: form.data,
        });
        return html(reply, page, 400);
      }
      // spec 2 §8: a declined card ends at /plans?success=0 (the unsuccessful-payment dialog).
      if (!outcome.ok) return reply.redirect(session.cancelUrl!, 303);
      await completeLocalCheckout(ctx, session);
      return reply.redirect(session.successUrl!, 303);
    },
  );

  app.get(
    `${LOCAL_PORTAL_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = sessionId(request.params);
      const session = await findLocalSession(ctx, id, 'portal');
      if (!session) return html(reply, expiredPage('/plans'), 404);
      return html(reply, await portalFor(session, id));
    },
  );

  app.post(
    `${LOCAL_PORTAL_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = sessionId(request.params);
      const session = await findLocalSession(ctx, id, 'portal');
      const form = ZPortalForm.safeParse(request.body ?? {});
      if (!session || !form.success) return html(reply, expiredPage('/plans'), 404);
      const [priceId, jobs] = (form.data.plan ?? '').split(':');
      const { refused } = await runPortalAction(ctx, {
        companyId: session.companyId,
        action: form.data.action,
        priceId: priceId || undefined,
        jobs: jobs ? Number(jobs) : undefined,
      });
      if (refused) return html(reply, await portalFor(session, id, refused), 409);
      return reply.redirect(`${LOCAL_PORTAL_PATH}/${id}`, 303);
    },
  );
};

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createSubscription } from '@hirecast/db/factories';
import { DEFAULT_PLAN_CATALOGUE, seedPlanCatalogue } from '@hirecast/db/plan-catalogue';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import { headers, type TActor } from './jobs-support.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_hirecast_billing';
export const [JOB_POSTS, APPLICATIONS, COMPLETE] = DEFAULT_PLAN_CATALOGUE.products as [
  (typeof DEFAULT_PLAN_CATALOGUE.products)[number],
  (typeof DEFAULT_PLAN_CATALOGUE.products)[number],
  (typeof DEFAULT_PLAN_CATALOGUE.products)[number],
];

export const seedCatalogue = (db: TDb) => seedPlanCatalogue(db);

/** Puts a company on a paid plan (the catalogue's Complete plan by default) for tests of what plans allow. */
export async function onPaidPlan(db: TDb, companyId: string, jobs: number, product = COMPLETE) {
  await seedPlanCatalogue(db);
  return createSubscription(db, { companyId, productId: product.id, priceId: product.priceId, jobs });
}

type TPeerRequest = { method: string; path: string; form: Record<string, string>; auth: string };

/**
 * A Stripe-compatible HTTP peer: the few endpoints billing calls (Checkout Sessions, Subscriptions update,
 * Billing Portal sessions, Subscriptions cancel), answered in Stripe's JSON shape. The real `stripe` SDK talks to it through its
 * host/port/protocol options; the test reads what the SDK sent. `failNext` makes the next call a Stripe error.
 */
export async function startStripePeer() {
  const requests: TPeerRequest[] = [];
  let failNext = false;
  let n = 0;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, form, auth: req.headers.authorization ?? '' });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(body));
    };
    if (failNext) {
      failNext = false;
      return send(400, { error: { type: 'invalid_request_error', message: 'No such customer: cus_gone' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}`;
      return send(200, {
        id,
        object: 'checkout.session',
        mode: form.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: form.client_reference_id,
      });
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (req.method === 'POST' && sub) {
      return send(200, { id: sub[1], object: 'subscription', status: 'active' });
    }
    if (req.method === 'DELETE' && sub) {
      return send(200, { id: sub[1], object: 'subscription', status: 'canceled' });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: `bps_${++n}`,
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${n}`,
        return_url: form.return_url,
      });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    failNext: () => void (failNext = true),
    env: {
      STRIPE_SECRET_KEY: 'sk_test_hirecast',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripe = new Stripe('sk_test_signing_only');

let counter = 0;
export const eventId = () => `evt_test_${Date.now()}_${++counter}`;

/** A Stripe event as the webhook receives it. `created` in seconds. */
export const stripeEvent = (
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number; previous?: Record<string, unknown> } = {},
) => ({
  id: options.id ?? eventId(),
  object: 'event',
  type,
  created: options.created ?? Math.floor(Date.now() / 1000),
  api_version: '2026-10-28.endive',
  livemode: false,
  data: { object, ...(options.previous && { previous_attributes: options.previous }) },
});

export const subscriptionObject = (s: {
  id: string;
  customer: string;
  companyId?: string;
  changedBy?: string;
  priceId: string;
  jobs: number;
  status?: string;
  cancelAtPeriodEnd?: boolean;
}) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customer,
  status: s.status ?? 'active',
  cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
  metadata: {
    ...(s.companyId && { companyId: s.companyId }),
    ...(s.changedBy && { changedBy: s.changedBy }),
  },
  items: {
    object: 'list',
    data: [
      {
        id: `si_${s.id}`,
        object: 'subscription_item',
        quantity: s.jobs,
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
        price: { id: s.priceId, object: 'price' },
      },
    ],
  },
});

/** Posts an event to the webhook signed as Stripe signs it (or with `secret` to forge a bad one). */
export function postWebhook(app: TApp, event: unknown, { secret = WEBHOOK_SECRET } = {}) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

export function billingApi(app: TApp) {
  const call = (actor: TActor, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/billing${url}`, headers: headers(actor), payload });
  return {
    state: (actor: TActor) => call(actor, 'GET', '/subscription'),
    features: (actor: TActor) => call(actor, 'GET', '/features'),
    changes: (actor: TActor) => call(actor, 'GET', '/changes'),
    checkout: (actor: TActor, body: object) => call(actor, 'POST', '', body),
    update: (actor: TActor, body: object) => call(actor, 'POST', '/update', body),
    portal: (actor: TActor, body: object) => call(actor, 'POST', '/portal', body),
    contact: (actor: TActor, body: object) => call(actor, 'POST', '/contact', body),
    planEnd: (actor: TActor) => call(actor, 'GET', '/plan-end'),
    cancel: (actor: TActor, body: object = {}) => call(actor, 'POST', '/cancel', body),
  };
}

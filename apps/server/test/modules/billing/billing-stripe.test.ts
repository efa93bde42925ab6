import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { billingEvents, companies, outboxEmails, planChanges, subscriptions } from '@hirecast/db/schema';
import { billingMessages } from '@hirecast/domain/billing';
import { createTestApp } from '../../support/helper.ts';
import {
  APPLICATIONS,
  billingApi,
  COMPLETE,
  JOB_POSTS,
  postWebhook,
  seedCatalogue,
  startStripePeer,
  stripeEvent,
  subscriptionObject,
} from '../../support/billing-support.ts';
import { jobApi } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

// Billing with Stripe configured: the real `stripe` SDK talks to a local Stripe-compatible peer; Stripe's
// side of the story arrives as signed webhook events, the only thing that changes a subscription.
let t: Awaited<ReturnType<typeof createTestApp>>;
let peer: Awaited<ReturnType<typeof startStripePeer>>;
let api: ReturnType<typeof billingApi>;
beforeAll(async () => {
  peer = await startStripePeer();
  t = await createTestApp(peer.env);
  await seedCatalogue(t.db);
  api = billingApi(t.app);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

type TAdmin = Awaited<ReturnType<typeof companyWithMember>>;
let seq = 0;
/** The events Stripe sends after a paid Checkout: the company then has `jobs` of `priceId`. */
async function subscribeThroughWebhook(admin: TAdmin, priceId: string, jobs: number) {
  const n = ++seq;
  const customer = `cus_stripe_${n}`;
  const id = `sub_stripe_${n}`;
  const session = {
    id: `cs_${n}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: admin.company.id,
    customer,
    subscription: id,
    metadata: { companyId: admin.company.id, changedBy: admin.user.id },
  };
  expect((await postWebhook(t.app, stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
  const object = subscriptionObject({
    id,
    customer,
    companyId: admin.company.id,
    changedBy: admin.user.id,
    priceId,
    jobs,
  });
  const created = await postWebhook(t.app, stripeEvent('customer.subscription.created', object));
  expect(created.json()).toEqual({ received: true, outcome: 'applied' });
  return { customer, id };
}

describe('GET /api/billing/features', () => {
  it('answers the catalogue: three plans, two of them the restricted ones, and the features table', async () => {
    const admin = await companyWithMember(t.db, 0);
    const res = await api.features(admin);
    expect(res.statusCode).toBe(200);
    const { products, features } = res.json().data;
    expect(products.map((p: { name: string }) => p.name)).toEqual([
      'Video First Job Posts',
      'Video First Applications',
      'Video First Complete',
    ]);
    expect(products[0]).toMatchObject({ priceId: JOB_POSTS.priceId, prices: { '3': 7500, more: null } });
    expect(features.find((f: { name: string }) => f.name === 'Video applications').plans).toEqual([
      APPLICATIONS.id,
      COMPLETE.id,
    ]);
  });
});

describe('POST /api/billing (checkout through the Stripe SDK)', () => {
  it('makes a subscription Checkout Session for the company and answers its URL; nothing changes yet', async () => {
    const admin = await companyWithMember(t.db);
    const before = peer.requests.length;
    const res = await api.checkout(admin, { priceId: JOB_POSTS.priceId, amount: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = peer.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      auth: 'Bearer sk_test_hirecast',
    });
    expect(sent[0]!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': JOB_POSTS.priceId,
      'line_items[0][quantity]': '3',
      client_reference_id: admin.company.id,
      customer_email: admin.user.email,
      success_url: 'http://localhost:3000/plans?success=1',
      cancel_url: 'http://localhost:3000/plans?success=0',
      'subscription_data[metadata][companyId]': admin.company.id,
      'subscription_data[metadata][changedBy]': admin.user.id,
    });
    expect((await api.state(admin)).json().data.subscription).toBeNull();
  });

  it('refuses a price not on offer and a job count without a price (a custom plan)', async () => {
    const admin = await companyWithMember(t.db);
    const unknown = await api.checkout(admin, { priceId: 'price_nope', amount: 3 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(billingMessages.unknownPrice);
    const custom = await api.checkout(admin, { priceId: JOB_POSTS.priceId, amount: 4 });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().error.message).toBe(billingMessages.customPlan);
  });

  it('sends a returning customer to Checkout as that customer, and refuses a second live plan', async () => {
    const admin = await companyWithMember(t.db);
    const { customer } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    const again = await api.checkout(admin, { priceId: COMPLETE.priceId, amount: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingMessages.alreadySubscribed);

    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customer));
    const ended = subscriptionObject({
      id: row!.stripeSubscriptionId,
      customer,
      priceId: JOB_POSTS.priceId,
      jobs: 1,
    });
    await postWebhook(t.app, stripeEvent('customer.subscription.deleted', { ...ended, status: 'canceled' }));
    const before = peer.requests.length;
    expect((await api.checkout(admin, { priceId: COMPLETE.priceId, amount: 3 })).statusCode).toBe(200);
    expect(peer.requests[before]!.form).toMatchObject({ customer });
    expect(peer.requests[before]!.form.customer_email).toBeUndefined();
  });
});

describe('after the webhook: the subscription and the plan', () => {
  it('resolves the plan from the subscription and records who bought it', async () => {
    const admin = await companyWithMember(t.db);
    const { customer } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 3);
    const state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({
      productId: JOB_POSTS.id,
      priceId: JOB_POSTS.priceId,
      priceName: 'Video First Job Posts',
      jobs: 3,
      status: 'active',
      active: true,
      stripeCustomerId: customer,
      willChange: false,
      _next: null,
      paymentFailed: false,
    });
    expect(state.plan).toEqual({
      name: 'Video First Job Posts',
      activeJobLimit: 3,
      features: { videoApplications: false, videoJobPosts: true, preLaunch: false },
    });
    expect(state.canManageBilling).toBe(true);
    const changes = (await api.changes(admin)).json().data;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      changedBy: { email: admin.user.email },
      source: 'customer.subscription.created',
      from: null,
      to: { productId: JOB_POSTS.id, jobs: 3, status: 'active' },
    });
  });

  it('a cancellation at the period end keeps the plan and says it will change (willChange, _next.changes)', async () => {
    const admin = await companyWithMember(t.db);
    const { customer, id } = await subscribeThroughWebhook(admin, COMPLETE.priceId, 5);
    const object = subscriptionObject({
      id,
      customer,
      priceId: COMPLETE.priceId,
      jobs: 5,
      cancelAtPeriodEnd: true,
    });
    await postWebhook(
      t.app,
      stripeEvent('customer.subscription.updated', object, { previous: { cancel_at_period_end: false } }),
    );
    const state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({
      willChange: true,
      _next: { changes: { cancel: true } },
      active: true,
    });
    expect(state.subscription._next.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(state.plan.activeJobLimit).toBe(5);
    // Made in the portal: nobody of ours is named.
    const [latest] = (await api.changes(admin)).json().data;
    expect(latest).toMatchObject({ changedBy: null, to: { willChange: true } });

    await postWebhook(t.app, stripeEvent('customer.subscription.deleted', { ...object, status: 'canceled' }));
    const ended = (await api.state(admin)).json().data;
    expect(ended.subscription).toMatchObject({ status: 'canceled', active: false });
    expect(ended.plan).toMatchObject({ name: 'Free', activeJobLimit: 0 });
    expect(ended.canManageBilling).toBe(false);
  });
});

describe('POST /api/billing/update (through the Stripe SDK)', () => {
  it('changes the subscription item with proration, then the webhook brings the change and its author', async () => {
    const admin = await companyWithMember(t.db);
    const { customer, id } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 3);
    const before = peer.requests.length;
    const res = await api.update(admin, { priceId: APPLICATIONS.priceId, amount: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ redirectUrl: '/plans?success=1' });
    const [sent] = peer.requests.slice(before);
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${id}` });
    expect(sent!.form).toMatchObject({
      'items[0][id]': `si_${id}`,
      'items[0][price]': APPLICATIONS.priceId,
      'items[0][quantity]': '5',
      proration_behavior: 'create_prorations',
      'metadata[changedBy]': admin.user.id,
      'metadata[companyId]': admin.company.id,
    });
    // Not changed by the call itself: Stripe's event does it.
    expect((await api.state(admin)).json().data.subscription.jobs).toBe(3);

    const object = subscriptionObject({
      id,
      customer,
      companyId: admin.company.id,
      changedBy: admin.user.id,
      priceId: APPLICATIONS.priceId,
      jobs: 5,
    });
    await postWebhook(
      t.app,
      stripeEvent('customer.subscription.updated', object, { previous: { metadata: {}, items: {} } }),
    );
    const state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({ productId: APPLICATIONS.id, jobs: 5 });
    expect(state.plan.features).toEqual({ videoApplications: true, videoJobPosts: false, preLaunch: true });
    const [latest] = (await api.changes(admin)).json().data;
    expect(latest).toMatchObject({
      changedBy: { email: admin.user.email },
      from: { productId: JOB_POSTS.id, jobs: 3 },
      to: { productId: APPLICATIONS.id, jobs: 5 },
    });
  });

  it('refuses a company without a live plan, and a provider failure gives our message', async () => {
    const admin = await companyWithMember(t.db);
    const none = await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 3 });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(billingMessages.noSubscription);

    await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 3);
    peer.failNext();
    const failed = await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 5 });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.message).toBe(billingMessages.updateFailure);
  });
});

describe("downgrades keep the plan's promise (issue 23 item 3)", () => {
  it('a decrease or a switch below the live jobs is refused with 409 before Stripe is called', async () => {
    const admin = await companyWithMember(t.db);
    await subscribeThroughWebhook(admin, COMPLETE.priceId, 10);
    const jobs = jobApi(t.app);
    for (let i = 0; i < 10; i += 1) {
      const job = await createJob(t.db, { companyId: admin.company.id });
      expect((await jobs.status(admin, job.id, { status: 'open' })).statusCode).toBe(200);
    }
    const before = peer.requests.length;
    const down = await api.update(admin, { priceId: COMPLETE.priceId, amount: 1 });
    expect(down.statusCode).toBe(409);
    expect(down.json().error.message).toBe(
      'This plan allows 1 active job besides your first job, and 10 are live now. Close 9 jobs first, then change your plan.',
    );
    const switched = await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 5 });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error.message).toContain('Close 5 jobs first');
    expect(peer.requests.length).toBe(before);
    // A switch that covers them goes to Stripe.
    expect((await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 10 })).statusCode).toBe(200);
    expect(peer.requests.length).toBe(before + 1);
  });
});

describe("billing emails from Stripe's events (issue 23 item 3)", () => {
  const mailsOf = async (email: string) =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).map((m) => m.subject);

  it('one email per change, however often and however concurrently Stripe delivers it', async () => {
    const admin = await companyWithMember(t.db);
    await t.db.update(companies).set({ name: 'Harbour Bakers' }).where(eq(companies.id, admin.company.id));
    const { customer, id } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    expect(await mailsOf(admin.user.email)).toEqual(["Harbour Bakers' plan has started"]);
    // The first invoice of a new subscription says nothing more.
    const firstInvoice = {
      id: 'in_first',
      object: 'invoice',
      customer,
      billing_reason: 'subscription_create',
    };
    await postWebhook(t.app, stripeEvent('invoice.paid', firstInvoice));

    const object = subscriptionObject({ id, customer, priceId: JOB_POSTS.priceId, jobs: 3 });
    const increase = stripeEvent('customer.subscription.updated', object);
    const answers = await Promise.all([1, 2, 3].map(() => postWebhook(t.app, increase)));
    expect(answers.map((a) => a.json().outcome).toSorted()).toEqual(['applied', 'replay', 'replay']);
    await postWebhook(t.app, increase);

    // A renewal: Stripe's invoice for the next period, with what was paid and the period it pays for.
    const periodEnd = Math.floor(Date.UTC(2027, 0, 15, 12) / 1000);
    const renewal = {
      id: 'in_renewal',
      object: 'invoice',
      customer,
      billing_reason: 'subscription_cycle',
      amount_paid: 7500,
      lines: { object: 'list', data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
    };
    await postWebhook(t.app, stripeEvent('invoice.paid', renewal));
    await postWebhook(t.app, stripeEvent('invoice.paid', renewal));
    // A failed payment that Stripe retries (a new event each time) is told once per invoice.
    const next = Math.floor(Date.UTC(2027, 1, 18, 12) / 1000);
    const failed = {
      id: 'in_failed',
      object: 'invoice',
      customer,
      amount_due: 7500,
      next_payment_attempt: next,
    };
    await postWebhook(t.app, stripeEvent('invoice.payment_failed', failed));
    await postWebhook(t.app, stripeEvent('invoice.payment_failed', { ...failed, attempt_count: 2 }));

    const subjects = await mailsOf(admin.user.email);
    expect(subjects.toSorted()).toEqual(
      [
        "Harbour Bakers' plan has started",
        "Harbour Bakers' plan now has more active jobs",
        "Harbour Bakers' plan has renewed",
        "Payment failed for Harbour Bakers' plan",
      ].toSorted(),
    );
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email));
    const text = (subject: string) => mails.find((m) => m.subject === subject)!.text;
    expect(text("Harbour Bakers' plan now has more active jobs")).toContain(
      'Plan: Video First Job Posts, 3 active jobs',
    );
    expect(text("Harbour Bakers' plan now has more active jobs")).toContain('New price: £75 per month');
    expect(text("Harbour Bakers' plan has renewed")).toContain('Amount paid: £75');
    expect(text("Harbour Bakers' plan has renewed")).toContain('Next payment: 15 January 2027');
    expect(text("Payment failed for Harbour Bakers' plan")).toContain('Next attempt: 18 February 2027');
  });
});

describe('POST /api/billing/portal (through the Stripe SDK)', () => {
  it("answers the Customer Portal of the company's customer", async () => {
    const admin = await companyWithMember(t.db);
    const { customer } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    const before = peer.requests.length;
    const res = await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirectUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    expect(peer.requests[before]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer, return_url: 'http://localhost:3000/plans' },
    });
  });

  it("gives the spec's message without a customer and when Stripe fails", async () => {
    const admin = await companyWithMember(t.db);
    const none = await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(billingMessages.portalFailure);
    await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    peer.failNext();
    const failed = await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.message).toBe(billingMessages.portalFailure);
    const bad = await api.portal(admin, { returnUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
  });

  it('sends Stripe back only to PUBLIC_URL: a path is put on it, another site is refused (issue 23 item 7)', async () => {
    const admin = await companyWithMember(t.db);
    await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    const before = peer.requests.length;
    const away = await api.portal(admin, { returnUrl: 'https://evil.example/plans' });
    expect(away.statusCode).toBe(400);
    expect(away.json().error.message).toBe(billingMessages.returnUrlOutside);
    expect(peer.requests.length).toBe(before);
    expect((await api.portal(admin, { returnUrl: '/plans' })).statusCode).toBe(200);
    expect(peer.requests.at(-1)!.form.return_url).toBe('http://localhost:3000/plans');
  });
});

describe('POST /api/billing/webhook', () => {
  it('accepts a correctly signed event and refuses a forged or unsigned one without recording it', async () => {
    const admin = await companyWithMember(t.db);
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_sig',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: admin.company.id,
      customer: 'cus_signature',
    });
    const forged = await postWebhook(t.app, event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(0);

    const signed = await postWebhook(t.app, event);
    expect(signed.statusCode).toBe(200);
    expect((await t.db.select().from(billingEvents).where(eq(billingEvents.id, event.id)))[0]?.outcome).toBe(
      'applied',
    );
  });

  it('a replayed event is a no-op: one state change, one audit row, one email', async () => {
    const admin = await companyWithMember(t.db);
    const { customer, id } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    const object = subscriptionObject({ id, customer, priceId: JOB_POSTS.priceId, jobs: 3 });
    const upgrade = stripeEvent('customer.subscription.updated', object);
    expect((await postWebhook(t.app, upgrade)).json().outcome).toBe('applied');
    // Meanwhile a later change lands; the replay of the first must not undo it.
    const later = stripeEvent(
      'customer.subscription.updated',
      { ...object, items: subscriptionObject({ id, customer, priceId: JOB_POSTS.priceId, jobs: 5 }).items },
      { created: upgrade.created + 5 },
    );
    await postWebhook(t.app, later);
    expect((await postWebhook(t.app, upgrade)).json().outcome).toBe('replay');
    expect((await api.state(admin)).json().data.subscription.jobs).toBe(5);
    expect(await t.db.select().from(planChanges).where(eq(planChanges.eventId, upgrade.id))).toHaveLength(1);

    const failed = stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer });
    await postWebhook(t.app, failed);
    await postWebhook(t.app, failed);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email));
    expect(mails.filter((m) => m.subject.startsWith('Payment failed'))).toHaveLength(1);
  });

  it('out of order: an update that arrives before its creation ends in the updated state', async () => {
    const admin = await companyWithMember(t.db);
    const customer = 'cus_out_of_order';
    const id = 'sub_out_of_order';
    const at = Math.floor(Date.now() / 1000);
    const base = {
      id,
      customer,
      companyId: admin.company.id,
      changedBy: admin.user.id,
      priceId: JOB_POSTS.priceId,
    };
    const created = stripeEvent('customer.subscription.created', subscriptionObject({ ...base, jobs: 1 }), {
      created: at,
    });
    const updated = stripeEvent('customer.subscription.updated', subscriptionObject({ ...base, jobs: 10 }), {
      created: at + 2,
    });
    expect((await postWebhook(t.app, updated)).json().outcome).toBe('applied');
    expect((await postWebhook(t.app, created)).json().outcome).toBe('stale');
    expect((await api.state(admin)).json().data.subscription).toMatchObject({ jobs: 10, status: 'active' });

    // In the same second, a creation never overrides an update, nor an update a deletion.
    const sameSecond = stripeEvent(
      'customer.subscription.deleted',
      { ...subscriptionObject({ ...base, jobs: 10 }), status: 'canceled' },
      { created: at + 4 },
    );
    const lateUpdate = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ ...base, jobs: 3 }),
      { created: at + 4 },
    );
    await postWebhook(t.app, sameSecond);
    expect((await postWebhook(t.app, lateUpdate)).json().outcome).toBe('stale');
    expect((await api.state(admin)).json().data.subscription).toMatchObject({ jobs: 10, status: 'canceled' });
  });

  it('invoice.payment_failed raises the flag and emails the admins; invoice.paid clears it; late ones are stale', async () => {
    const admin = await companyWithMember(t.db);
    const { customer } = await subscribeThroughWebhook(admin, JOB_POSTS.priceId, 1);
    const at = Math.floor(Date.now() / 1000) + 10;
    const invoice = { id: 'in_x', object: 'invoice', customer };
    await postWebhook(t.app, stripeEvent('invoice.payment_failed', invoice, { created: at }));
    expect((await api.state(admin)).json().data.subscription.paymentFailed).toBe(true);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email));
    const mail = mails.find((m) => m.subject.startsWith('Payment failed'));
    expect(mail!.text).toContain(billingMessages.paymentFailedBanner);

    await postWebhook(t.app, stripeEvent('invoice.paid', invoice, { created: at + 5 }));
    expect((await api.state(admin)).json().data.subscription.paymentFailed).toBe(false);
    const late = await postWebhook(
      t.app,
      stripeEvent('invoice.payment_failed', invoice, { created: at + 1 }),
    );
    expect(late.json().outcome).toBe('stale');
    expect((await api.state(admin)).json().data.subscription.paymentFailed).toBe(false);
  });

  it("never lets one company's events touch another company's subscription", async () => {
    const a = await companyWithMember(t.db);
    const b = await companyWithMember(t.db);
    const { customer: bCustomer, id: bSub } = await subscribeThroughWebhook(b, COMPLETE.priceId, 5);
    // An event naming company A but carrying B's customer is refused.
    const hijack = subscriptionObject({
      id: bSub,
      customer: bCustomer,
      companyId: a.company.id,
      priceId: JOB_POSTS.priceId,
      jobs: 1,
    });
    expect(
      (await postWebhook(t.app, stripeEvent('customer.subscription.updated', hijack))).json().outcome,
    ).toBe('ignored');
    const other = subscriptionObject({
      id: 'sub_other',
      customer: bCustomer,
      companyId: a.company.id,
      priceId: JOB_POSTS.priceId,
      jobs: 1,
    });
    expect(
      (await postWebhook(t.app, stripeEvent('customer.subscription.created', other))).json().outcome,
    ).toBe('ignored');
    expect((await api.state(b)).json().data.subscription).toMatchObject({ productId: COMPLETE.id, jobs: 5 });
    expect((await api.state(a)).json().data.subscription).toBeNull();

    // A's admin changing A's plan only ever names A's subscription to Stripe.
    const { id: aSub } = await subscribeThroughWebhook(a, JOB_POSTS.priceId, 1);
    const before = peer.requests.length;
    await api.update(a, { priceId: JOB_POSTS.priceId, amount: 3 });
    expect(peer.requests.slice(before).map((r) => r.path)).toEqual([`/v1/subscriptions/${aSub}`]);
    // And A's admin cannot act for B.
    const asB = await t.app.inject({
      method: 'POST',
      url: '/api/billing/update',
      headers: { authorization: `Bearer ${a.token}`, 'x-company-id': b.company.id },
      payload: { priceId: JOB_POSTS.priceId, amount: 1 },
    });
    expect(asB.statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createJob } from '@hirecast/db/factories';
import { companies, outboxEmails } from '@hirecast/db/schema';
import { billingMessages, FREE_PLAN } from '@hirecast/domain/billing';
import { possessive } from '@hirecast/domain/possessive';
import { jobMessages } from '@hirecast/domain/job-messages';
import { closeChoiceRefusal } from '@hirecast/domain/plan-end';
import { createTestApp } from '../../support/helper.ts';
import {
  billingApi,
  COMPLETE,
  postWebhook,
  seedCatalogue,
  startStripePeer,
  stripeEvent,
  subscriptionObject,
} from '../../support/billing-support.ts';
import { activeJobsOf, jobApi, jobRow } from '../../support/jobs-support.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

// Issue 33 item 5: a plan that ends (now, at the period end, after failed renewals) or shrinks closes the live
// jobs over the limit of the plan the company lands on, in the one place subscriptions change; every admin gets
// one email naming them; the plan's features and limit follow at once. Both providers.
let local: Awaited<ReturnType<typeof createTestApp>>;
let stripe: Awaited<ReturnType<typeof createTestApp>>;
let peer: Awaited<ReturnType<typeof startStripePeer>>;
beforeAll(async () => {
  peer = await startStripePeer();
  local = await createTestApp();
  stripe = await createTestApp(peer.env);
  await seedCatalogue(local.db);
  await seedCatalogue(stripe.db);
});
afterAll(async () => {
  await local.close();
  await stripe.close();
  await peer.close();
});

type TApp = typeof local;
type TAdmin = Awaited<ReturnType<typeof companyWithMember>>;
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada Admin' };
const DAY = 86_400_000;

/** A company with two admins (and a job manager), its first job and `n` other jobs live, published a day apart. */
async function companyWithLiveJobs(app: TApp, n: number) {
  const admin = await companyWithMember(app.db);
  const companyId = admin.company.id;
  const second = await signedInUser(app.db);
  await addMember(app.db, { companyId, userId: second.user.id, role: 2 });
  const manager = await signedInUser(app.db);
  await addMember(app.db, { companyId, userId: manager.user.id, role: 1 });
  const first = await createJob(app.db, {
    companyId,
    isFirstJob: true,
    status: 'open',
    title: 'First job',
    publishedAt: new Date(Date.now() - 30 * DAY),
  });
  const live = [];
  for (let i = 0; i < n; i += 1) {
    live.push(
      await createJob(app.db, {
        companyId,
        status: 'open',
        title: `Job ${i + 1}`,
        publishedAt: new Date(Date.now() - (n - i) * DAY),
      }),
    );
  }
  return { admin, second, manager, first, live };
}

const mailsTo = (app: TApp, email: string) =>
  app.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
const statusOf = async (app: TApp, id: string) => (await jobRow(app.db, id))!.status;
const endedSubject = (admin: TAdmin) => `${possessive(admin.company.name)} plan has ended`;

describe('the embedded provider', () => {
  async function pay(admin: TAdmin, jobs: number) {
    const res = await billingApi(local.app).checkout(admin, { priceId: COMPLETE.priceId, amount: jobs });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.redirectUrl as string;
    const paid = await local.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(CARD).toString(),
    });
    expect(paid.statusCode).toBe(303);
  }

  it('"Cancel plan now" closes the jobs the admin confirmed, mails each admin once, and the free plan applies at once', async () => {
    const api = billingApi(local.app);
    const { admin, second, manager, first, live } = await companyWithLiveJobs(local, 3);
    await pay(admin, 3);

    const preview = await api.planEnd(admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      plan: 'Free',
      activeJobLimit: 0,
      liveJobs: [live[2], live[1], live[0]].map((job) => ({
        _id: job!.id,
        title: job!.title,
        publishedAt: job!.publishedAt!.toISOString(),
      })),
      mustClose: 3,
      suggested: [live[2]!.id, live[1]!.id, live[0]!.id],
    });

    // A choice that leaves a job over the limit, names the first job or another company's job is refused.
    const message = closeChoiceRefusal(3);
    expect(message).toBe('Choose exactly 3 of your live jobs to close (your first job stays live).');
    for (const closeJobIds of [
      [live[0]!.id, live[1]!.id],
      [live[0]!.id, live[1]!.id, first.id],
      [live[0]!.id, live[1]!.id, live[1]!.id],
    ]) {
      const refused = await api.cancel(admin, { closeJobIds });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ message, fields: { closeJobIds: message } });
    }
    expect((await api.cancel(admin, { closeJobIds: ['not-an-id'] })).statusCode).toBe(400);
    // Only admins; nothing changed so far.
    const forbidden = await api.cancel({ ...manager, company: admin.company }, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(billingMessages.adminOnly);
    expect((await api.state(admin)).json().data.plan.activeJobLimit).toBe(3);
    for (const job of live) expect(await statusOf(local, job.id)).toBe('open');

    const done = await api.cancel(admin, { closeJobIds: [live[0]!.id, live[2]!.id, live[1]!.id] });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { cancelled: true } });
    for (const job of live) expect(await statusOf(local, job.id)).toBe('closed');
    expect(await statusOf(local, first.id)).toBe('open');
    const state = (await api.state(admin)).json().data;
    expect(state.plan).toEqual(FREE_PLAN);
    expect(state.activeJobs).toBe(0);
    expect(state.subscription).toMatchObject({ status: 'canceled', active: false });
    expect(await activeJobsOf(local.db, admin.company.id)).toBe(0);
    // The free plan's limit holds at once.
    const reopen = await jobApi(local.app).status(admin, live[0]!.id, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.message).toBe(jobMessages.freePlanLimit);

    for (const who of [admin, second]) {
      const ended = (await mailsTo(local, who.user.email)).filter((m) => m.subject.includes('ended'));
      expect(ended.map((m) => m.subject)).toEqual([endedSubject(admin)]);
      expect(ended[0]!.text).toContain(
        'We closed these 3 jobs because your plan now covers only your first job:\n• Job 1\n• Job 3\n• Job 2',
      );
    }
    expect(await mailsTo(local, manager.user.email)).toEqual([]);
    // Nothing left to cancel.
    const again = await api.cancel(admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingMessages.noSubscription);
    expect((await api.planEnd(admin)).statusCode).toBe(409);
  });

  it("the test portal's cancel-now closes the most recently published jobs first (no choice made)", async () => {
    const { admin, first, live } = await companyWithLiveJobs(local, 3);
    await pay(admin, 3);
    const portal = await billingApi(local.app).portal(admin, { returnUrl: '/plans' });
    const url = portal.json().data.redirectUrl as string;
    const res = await local.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel-now',
    });
    expect(res.statusCode).toBe(303);
    for (const job of live) expect(await statusOf(local, job.id)).toBe('closed');
    expect(await statusOf(local, first.id)).toBe('open');
    const [ended] = (await mailsTo(local, admin.user.email)).filter((m) => m.subject.includes('ended'));
    expect(ended!.text).toContain(
      'We closed these 3 jobs because your plan now covers only your first job:\n• Job 3\n• Job 2\n• Job 1\n',
    );
  });
});

describe('Stripe', () => {
  let n = 0;
  async function subscribe(admin: TAdmin, jobs: number) {
    const id = `sub_end_${++n}`;
    const customer = `cus_end_${n}`;
    const object = subscriptionObject({
      id,
      customer,
      companyId: admin.company.id,
      priceId: COMPLETE.priceId,
      jobs,
    });
    const res = await postWebhook(stripe.app, stripeEvent('customer.subscription.created', object));
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    return object;
  }
  const send = async (type: string, object: Record<string, unknown>) =>
    (await postWebhook(stripe.app, stripeEvent(type, object))).json();

  it('"Cancel plan now" cancels in Stripe; its deletion event closes the chosen jobs', async () => {
    const { admin, first, live } = await companyWithLiveJobs(stripe, 2);
    const object = await subscribe(admin, 2);
    const api = billingApi(stripe.app);
    const res = await api.cancel(admin, { closeJobIds: [live[0]!.id, live[1]!.id] });
    expect(res.statusCode).toBe(200);
    expect(peer.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${object.id}` });
    // Nothing changes until Stripe's event arrives.
    expect(await statusOf(stripe, live[0]!.id)).toBe('open');
    await send('customer.subscription.deleted', { ...object, status: 'canceled' });
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('closed');
    expect(await statusOf(stripe, first.id)).toBe('open');
    expect((await api.state(admin)).json().data.plan).toEqual(FREE_PLAN);
  });

  it('a Stripe failure keeps everything and answers our message', async () => {
    const { admin, live } = await companyWithLiveJobs(stripe, 1);
    await subscribe(admin, 1);
    peer.failNext();
    const res = await billingApi(stripe.app).cancel(admin, {});
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe('We could not cancel your plan. Please try again later.');
    expect(await statusOf(stripe, live[0]!.id)).toBe('open');
  });

  it('the end of the period after a cancellation closes the most recently published jobs', async () => {
    const { admin, second, first, live } = await companyWithLiveJobs(stripe, 3);
    const object = await subscribe(admin, 3);
    await send('customer.subscription.updated', { ...object, cancel_at_period_end: true });
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('open');
    await send('customer.subscription.deleted', {
      ...object,
      status: 'canceled',
      cancel_at_period_end: true,
    });
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('closed');
    expect(await statusOf(stripe, first.id)).toBe('open');
    for (const who of [admin, second]) {
      const ended = (await mailsTo(stripe, who.user.email)).filter((m) => m.subject.includes('ended'));
      expect(ended).toHaveLength(1);
      expect(ended[0]!.text).toContain('• Job 3\n• Job 2\n• Job 1');
    }
  });

  it('failed renewals (unpaid) end the plan and close the jobs over the free plan, once', async () => {
    const { admin, first, live } = await companyWithLiveJobs(stripe, 2);
    const object = await subscribe(admin, 2);
    await send('customer.subscription.updated', { ...object, status: 'past_due' });
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('open');
    await send('customer.subscription.updated', { ...object, status: 'unpaid' });
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('closed');
    expect(await statusOf(stripe, first.id)).toBe('open');
    await send('customer.subscription.deleted', { ...object, status: 'canceled' });
    const ended = (await mailsTo(stripe, admin.user.email)).filter((m) => m.subject.includes('ended'));
    expect(ended.map((m) => m.subject)).toEqual([endedSubject(admin)]);
    expect(ended[0]!.text).toContain(
      'We closed these 2 jobs because your plan now covers only your first job',
    );
  });

  it('a first plan closes nothing, even one smaller than the limit a company had before plans', async () => {
    const { admin, live } = await companyWithLiveJobs(stripe, 3);
    await stripe.db
      .update(companies)
      .set({ legacyActiveJobLimit: 5 })
      .where(eq(companies.id, admin.company.id));
    await subscribe(admin, 1);
    for (const job of live) expect(await statusOf(stripe, job.id)).toBe('open');
    expect((await billingApi(stripe.app).state(admin)).json().data.plan.activeJobLimit).toBe(1);
  });

  it("a decrease made in Stripe's portal closes the newest jobs over the new limit and says so", async () => {
    const { admin, second, first, live } = await companyWithLiveJobs(stripe, 3);
    const object = await subscribe(admin, 3);
    const items = { ...object.items, data: [{ ...object.items.data[0]!, quantity: 1 }] };
    await send('customer.subscription.updated', { ...object, items });
    expect(await statusOf(stripe, live[0]!.id)).toBe('open');
    expect(await statusOf(stripe, live[1]!.id)).toBe('closed');
    expect(await statusOf(stripe, live[2]!.id)).toBe('closed');
    expect(await statusOf(stripe, first.id)).toBe('open');
    expect(await activeJobsOf(stripe.db, admin.company.id)).toBe(1);
    for (const who of [admin, second]) {
      const mails = (await mailsTo(stripe, who.user.email)).filter((m) => m.subject.includes('fewer'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(
        'We closed these 2 jobs because your plan now covers 1 active job besides your first job:\n• Job 3\n• Job 2',
      );
    }
  });
});

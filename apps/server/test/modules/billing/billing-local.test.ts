import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createJob } from '@hirecast/db/factories';
import {
  billingNotices,
  companies,
  localBillingSessions,
  outboxEmails,
  planRequests,
} from '@hirecast/db/schema';
import { formatBillingDate } from '@hirecast/domain/billing-notices';
import { billingMessages, planChangeRefusal } from '@hirecast/domain/billing';
import { jobMessages } from '@hirecast/domain/job-messages';
import { loadConfig } from '../../../src/config.ts';
import { createTestApp } from '../../support/helper.ts';
import {
  APPLICATIONS,
  billingApi,
  COMPLETE,
  JOB_POSTS,
  seedCatalogue,
} from '../../support/billing-support.ts';
import { activeJobsOf, headers, jobApi } from '../../support/jobs-support.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

// The default install (no Stripe keys): the embedded test checkout and portal drive the same events.
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof billingApi>;
let jobs: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'sales@hirecast.test' });
  await seedCatalogue(t.db);
  api = billingApi(t.app);
  jobs = jobApi(t.app);
});
afterAll(() => t.close());

type TAdmin = Awaited<ReturnType<typeof companyWithMember>>;
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada Admin' };
const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

async function pay(admin: TAdmin, priceId: string, amount: number, card = CARD) {
  const res = await api.checkout(admin, { priceId, amount });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.redirectUrl as string;
  return t.app.inject({ method: 'POST', url, ...form(card) });
}

async function portal(admin: TAdmin, action: string, plan?: string) {
  const res = await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.redirectUrl as string;
  return t.app.inject({ method: 'POST', url, ...form({ action, ...(plan && { plan }) }) });
}

describe('the test checkout', () => {
  it('shows the plan, takes the 4242 test card and the company is on the plan at /plans?success=1', async () => {
    const admin = await companyWithMember(t.db);
    const res = await api.checkout(admin, { priceId: JOB_POSTS.priceId, amount: 3 });
    const url = res.json().data.redirectUrl as string;
    expect(url).toMatch(/^\/api\/billing\/test-checkout\/cs_local_[\w-]+$/);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Video First Job Posts');
    expect(page.body).toContain('£75 per month');

    const paid = await t.app.inject({ method: 'POST', url, ...form(CARD) });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/plans?success=1');
    const state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({ productId: JOB_POSTS.id, jobs: 3, active: true });
    expect(state.plan).toMatchObject({ name: 'Video First Job Posts', activeJobLimit: 3 });
    const [change] = (await api.changes(admin)).json().data;
    expect(change).toMatchObject({ changedBy: { email: admin.user.email }, from: null, to: { jobs: 3 } });

    // The page is used once.
    expect((await t.app.inject({ method: 'POST', url, ...form(CARD) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('a declining card ends at /plans?success=0 with no plan; a made-up number is refused on the page', async () => {
    const admin = await companyWithMember(t.db);
    const declined = await pay(admin, COMPLETE.priceId, 1, { ...CARD, number: '4000000000000002' });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe('/plans?success=0');
    expect((await api.state(admin)).json().data.subscription).toBeNull();

    const made = await pay(admin, COMPLETE.priceId, 1, { ...CARD, number: '4111 1111 1111 1112' });
    expect(made.statusCode).toBe(400);
    expect(made.body).toContain('Stripe test cards only');
    const expired = await pay(admin, COMPLETE.priceId, 1, { ...CARD, expiry: '01 / 20' });
    expect(expired.statusCode).toBe(400);
    expect((await api.state(admin)).json().data.subscription).toBeNull();
  });
});

describe('plan limits follow the subscription (spec 1 §4, spec 2 §9)', () => {
  it('free: the first job only; bought jobs publish; a downgrade keeps live jobs and refuses new ones', async () => {
    const admin = await companyWithMember(t.db);
    const first = await createJob(t.db, { companyId: admin.company.id, isFirstJob: true });
    const others = [];
    for (let i = 0; i < 4; i += 1) others.push(await createJob(t.db, { companyId: admin.company.id }));
    const publish = (id: string) =>
      jobs.status(admin, id, { status: 'open', acknowledged: { firstJob: true } });

    expect((await publish(first.id)).statusCode).toBe(200);
    // Issue 23 item 8: the free plan's refusal names the real reason.
    const refused = await publish(others[0]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(jobMessages.freePlanLimit);
    expect(jobMessages.freePlanLimit).toMatch(/^Your free plan covers your first job/);

    await pay(admin, COMPLETE.priceId, 3);
    for (const job of others.slice(0, 3)) expect((await publish(job.id)).statusCode).toBe(200);
    expect((await publish(others[3]!.id)).json().error.message).toBe(jobMessages.activeJobLimit);

    // Issue 23 item 3: a decrease to 1 job while 3 are live is refused, saying how many to close first.
    const down = await api.update(admin, { priceId: COMPLETE.priceId, amount: 1 });
    expect(down.statusCode).toBe(409);
    expect(down.json().error.message).toBe(planChangeRefusal({ activeJobs: 3, jobs: 1 }));
    expect(down.json().error.message).toContain('Close 2 jobs first');
    expect((await api.state(admin)).json().data.plan.activeJobLimit).toBe(3);
    await jobs.status(admin, others[0]!.id, { status: 'closed' });
    await jobs.status(admin, others[1]!.id, { status: 'closed' });
    const fits = await api.update(admin, { priceId: COMPLETE.priceId, amount: 1 });
    expect(fits.json().data).toEqual({ redirectUrl: '/plans?success=1' });
    expect((await api.state(admin)).json().data.plan.activeJobLimit).toBe(1);
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(1);
    expect((await publish(others[3]!.id)).json().error.message).toBe(jobMessages.activeJobLimit);
    await jobs.status(admin, others[2]!.id, { status: 'closed' });
    expect((await publish(others[3]!.id)).statusCode).toBe(200);
  });

  it('a switch to a plan with fewer jobs than are live is refused, in the API and in the test portal alike', async () => {
    const admin = await companyWithMember(t.db);
    await pay(admin, COMPLETE.priceId, 5);
    for (let i = 0; i < 4; i += 1) {
      const job = await createJob(t.db, { companyId: admin.company.id });
      expect((await jobs.status(admin, job.id, { status: 'open' })).statusCode).toBe(200);
    }
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(4);

    const switched = await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 3 });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error.message).toBe(
      'This plan allows 3 active jobs besides your first job, and 4 are live now. Close 1 job first, then change your plan.',
    );
    const portalRefused = await portal(admin, 'change', `${COMPLETE.priceId}:1`);
    expect(portalRefused.statusCode).toBe(409);
    expect(portalRefused.body).toContain('Close 3 jobs first, then change your plan.');
    expect((await api.state(admin)).json().data.subscription).toMatchObject({
      productId: COMPLETE.id,
      jobs: 5,
    });

    // A plan that covers the live jobs is fine, and so is any increase.
    expect((await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 5 })).statusCode).toBe(200);
    expect((await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 10 })).statusCode).toBe(200);
    expect((await api.state(admin)).json().data.subscription).toMatchObject({
      productId: JOB_POSTS.id,
      jobs: 10,
    });
  });

  it("the plan's features gate the job editor: video applications and video job posts", async () => {
    const posts = await companyWithMember(t.db);
    await pay(posts, JOB_POSTS.priceId, 1);
    const job = await createJob(t.db, { companyId: posts.company.id });
    const patch = (actor: TAdmin, body: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/job/${job.id}`, headers: headers(actor), payload: body });
    const question = await patch(posts, { customQuestion: 'When can you start?' });
    expect(question.statusCode).toBe(403);
    expect(question.json().error.message).toBe(jobMessages.planVideoApplications);

    const apps = await companyWithMember(t.db);
    await pay(apps, APPLICATIONS.priceId, 1);
    const appsJob = await createJob(t.db, { companyId: apps.company.id });
    const video = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${appsJob.id}`,
      headers: headers(apps),
      payload: { _video: '00000000-0000-4000-8000-000000000000' },
    });
    expect(video.statusCode).toBe(403);
    expect(video.json().error.message).toBe(jobMessages.planNoVideo);
    const allowed = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${appsJob.id}`,
      headers: headers(apps),
      payload: { customQuestion: 'When can you start?' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('the test billing portal', () => {
  it('changes the plan, cancels at the period end, resumes, simulates a failed payment and cancels', async () => {
    const admin = await companyWithMember(t.db);
    await pay(admin, JOB_POSTS.priceId, 1);
    const page = await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' });
    const shown = await t.app.inject({ method: 'GET', url: page.json().data.redirectUrl });
    expect(shown.body).toContain('Video First Job Posts');
    expect(shown.body).toContain('href="http://localhost:3000/plans"');

    const changed = await portal(admin, 'change', `${COMPLETE.priceId}:5`);
    expect(changed.statusCode).toBe(303);
    expect((await api.state(admin)).json().data.subscription).toMatchObject({
      productId: COMPLETE.id,
      jobs: 5,
    });
    await portal(admin, 'change', `${COMPLETE.priceId}:4`);
    expect((await api.state(admin)).json().data.subscription.jobs).toBe(5);

    await portal(admin, 'cancel-at-period-end');
    let state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({ willChange: true, _next: { changes: { cancel: true } } });
    expect(state.plan.activeJobLimit).toBe(5);
    await portal(admin, 'resume');
    expect((await api.state(admin)).json().data.subscription.willChange).toBe(false);

    await portal(admin, 'fail-payment');
    expect((await api.state(admin)).json().data.subscription.paymentFailed).toBe(true);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email));
    expect(mails.some((m) => m.subject.startsWith('Payment failed'))).toBe(true);
    await portal(admin, 'pay');
    expect((await api.state(admin)).json().data.subscription.paymentFailed).toBe(false);

    await portal(admin, 'cancel-now');
    state = (await api.state(admin)).json().data;
    expect(state.subscription).toMatchObject({ status: 'canceled', active: false });
    expect(state.plan.name).toBe('Free');

    // The audit trail: portal changes name nobody; the purchase names the admin.
    const changes = (await api.changes(admin)).json().data;
    expect(changes.map((c: { to: { jobs: number; status: string } }) => [c.to.jobs, c.to.status])).toEqual([
      [5, 'canceled'],
      [5, 'active'],
      [5, 'active'],
      [5, 'active'],
      [1, 'active'],
    ]);
    expect(changes.at(-1).changedBy.email).toBe(admin.user.email);
    expect(changes[0].changedBy).toBeNull();

    // A cancelled company buys again through Checkout, as the same customer.
    const again = await pay(admin, JOB_POSTS.priceId, 1);
    expect(again.headers.location).toBe('/plans?success=1');
    expect((await api.state(admin)).json().data.subscription).toMatchObject({ active: true, jobs: 1 });
  });

  it('a Stripe key without the webhook secret is refused at start', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
  });

  it('there is no webhook without Stripe keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('billing emails (issue 23 item 3)', () => {
  it('every change emails each admin once, with the plan, the amount, the next date and the right possessive', async () => {
    const admin = await companyWithMember(t.db);
    const companyId = admin.company.id;
    await t.db
      .update(companies)
      .set({ name: 'Northwind Coffee Roasters' })
      .where(eq(companies.id, companyId));
    const second = await signedInUser(t.db);
    await addMember(t.db, { companyId, userId: second.user.id, role: 2 });
    const manager = await signedInUser(t.db);
    await addMember(t.db, { companyId, userId: manager.user.id, role: 1 });

    await pay(admin, COMPLETE.priceId, 3);
    expect((await api.update(admin, { priceId: COMPLETE.priceId, amount: 5 })).statusCode).toBe(200);
    expect((await api.update(admin, { priceId: COMPLETE.priceId, amount: 3 })).statusCode).toBe(200);
    expect((await api.update(admin, { priceId: JOB_POSTS.priceId, amount: 3 })).statusCode).toBe(200);
    await portal(admin, 'cancel-at-period-end');
    await portal(admin, 'resume');
    const periodEnd = (await api.state(admin)).json().data.subscription.currentPeriodEnd as string;
    await portal(admin, 'pay');
    await portal(admin, 'fail-payment');
    await portal(admin, 'cancel-now');

    const owner = "Northwind Coffee Roasters'";
    const expected = [
      `${owner} plan has started`,
      `${owner} plan now has more active jobs`,
      `${owner} plan now has fewer active jobs`,
      `${owner} plan has changed`,
      `${owner} plan is cancelled and ends at the end of the period`,
      `${owner} plan will continue`,
      `${owner} plan has renewed`,
      `Payment failed for ${owner} plan`,
      `${owner} plan has ended`,
    ];
    const mailsOf = (email: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    for (const who of [admin, second]) {
      const subjects = (await mailsOf(who.user.email)).map((m) => m.subject);
      expect(subjects.toSorted()).toEqual(expected.toSorted());
    }
    expect(await mailsOf(manager.user.email)).toHaveLength(0);

    const mails = await mailsOf(admin.user.email);
    const text = (subject: string) => mails.find((m) => m.subject === subject)!.text;
    expect(text(`${owner} plan has started`)).toContain('Plan: Video First Complete, 3 active jobs');
    expect(text(`${owner} plan has started`)).toContain('Price: £149 per month');
    const decrease = text(`${owner} plan now has fewer active jobs`);
    expect(decrease).toContain('New price: £149 per month');
    expect(decrease).toContain(`Next payment: ${formatBillingDate(periodEnd)}`);
    expect(text(`${owner} plan has changed`)).toContain('Plan: Video First Job Posts, 3 active jobs');
    expect(text(`${owner} plan is cancelled and ends at the end of the period`)).toContain(
      `Plan ends on: ${formatBillingDate(periodEnd)}`,
    );
    const renewed = text(`${owner} plan has renewed`);
    expect(renewed).toContain('Amount paid: £75');
    expect(renewed).toContain(
      `Next payment: ${formatBillingDate(new Date(Date.parse(periodEnd) + 30 * 86_400_000).toISOString())}`,
    );
    expect(text(`Payment failed for ${owner} plan`)).toContain('Amount due: £75');
    expect(text(`${owner} plan has ended`)).toContain('Next payment: none');
    expect(
      await t.db.select().from(billingNotices).where(eq(billingNotices.companyId, companyId)),
    ).toHaveLength(expected.length);
  });
});

describe("the embedded provider's pages (issue 23 item 7)", () => {
  it('expire, and expired sessions are deleted when the next one opens', async () => {
    const admin = await companyWithMember(t.db);
    const url = (await api.checkout(admin, { priceId: JOB_POSTS.priceId, amount: 1 })).json().data
      .redirectUrl as string;
    const id = url.split('/').at(-1)!;
    const [row] = await t.db.select().from(localBillingSessions).where(eq(localBillingSessions.id, id));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await t.db
      .update(localBillingSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localBillingSessions.id, id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, ...form(CARD) })).statusCode).toBe(404);
    expect((await api.state(admin)).json().data.subscription).toBeNull();

    await api.checkout(admin, { priceId: JOB_POSTS.priceId, amount: 1 });
    expect(await t.db.select().from(localBillingSessions).where(eq(localBillingSessions.id, id))).toEqual([]);
  });

  it("the portal's way back must be a page of this site (PUBLIC_URL)", async () => {
    const admin = await companyWithMember(t.db);
    await pay(admin, JOB_POSTS.priceId, 1);
    for (const returnUrl of [
      'https://evil.example/plans',
      '/\\evil.example/plans',
      '//evil.example',
      'http://localhost:3001/plans',
    ]) {
      const res = await api.portal(admin, { returnUrl });
      expect(res.statusCode, returnUrl).toBe(400);
      expect(res.json().error.message).toBe(billingMessages.returnUrlOutside);
    }
    const ok = await api.portal(admin, { returnUrl: '/plans' });
    expect(ok.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: ok.json().data.redirectUrl });
    expect(page.body).toContain('href="/plans"');
    expect((await api.portal(admin, { returnUrl: 'http://localhost:3000/plans' })).statusCode).toBe(200);
  });
});

describe('who may change plans (spec 2 §6)', () => {
  it('viewers and job managers get 403 on every billing write, and read the plan', async () => {
    for (const role of [0, 1] as const) {
      const member = await companyWithMember(t.db, role);
      const writes = [
        await api.checkout(member, { priceId: JOB_POSTS.priceId, amount: 1 }),
        await api.update(member, { priceId: JOB_POSTS.priceId, amount: 1 }),
        await api.portal(member, { returnUrl: 'http://localhost:3000/plans' }),
        await api.contact(member, { name: 'Vera', email: 'vera@acme-test.com' }),
        await api.changes(member),
      ];
      for (const res of writes) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(billingMessages.adminOnly);
      }
      const state = await api.state(member);
      expect(state.statusCode).toBe(200);
      expect(state.json().data).toMatchObject({
        subscription: null,
        plan: { name: 'Free' },
        canManageBilling: false,
      });
    }
  });

  it('an anonymous caller gets 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing',
      payload: { priceId: 'x', amount: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/billing/contact (custom plan request)', () => {
  it('is stored and emailed to CONTACT_EMAIL with the requester in Reply-To', async () => {
    const admin = await companyWithMember(t.db);
    const res = await api.contact(admin, {
      name: ' Ada Admin ',
      email: 'ada@acme-test.com',
      message: 'We hire 40 people a year.',
      plan: 'Video First Complete',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ sent: true });
    const [row] = await t.db.select().from(planRequests).where(eq(planRequests.companyId, admin.company.id));
    expect(row).toMatchObject({
      name: 'Ada Admin',
      email: 'ada@acme-test.com',
      plan: 'Video First Complete',
    });
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'sales@hirecast.test'));
    const mail = mails.find((m) => m.text.includes('We hire 40 people a year.'));
    expect(mail?.subject).toBe('Custom plan request: Video First Complete');
    expect(mail?.text).toContain('ada@acme-test.com');
  });

  it('needs a name and an email, and at most 1000 characters of message', async () => {
    const admin = await companyWithMember(t.db);
    const missing = await api.contact(admin, { name: '', email: 'ada@acme-test.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please fill the required field: Name');
    const long = await api.contact(admin, {
      name: 'Ada',
      email: 'ada@acme-test.com',
      message: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
  });
});

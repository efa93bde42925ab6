import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { outboxEmails, webhookDeliveries, webhookEndpoints } from '@hirecast/db/schema';
import { webhookMessages } from '@hirecast/domain/webhooks';
import { buildTestApp } from '../../support/helper.ts';
import { apply, applyBody, openJob } from '../../support/apply-support.ts';
import { outsider } from '../../support/applicants-support.ts';
import { asMember } from '../../support/interview-support.ts';
import { memberOf } from '../../support/privacy-support.ts';
import { drain, fastForward, type TReceived, webhookTestBed } from '../../support/webhooks-support.ts';

// Issue 35 item 2 and 3: retries after the receiver comes back, no redirect followed, private addresses refused
// unless WEBHOOK_ALLOW_PRIVATE names them, rotation with both secrets valid for the overlap, an endpoint disabled
// after three days of failures with one email, Slack and Teams message shapes, and who may do what.

const bed = webhookTestBed('127.0.0.0/8');

type TAdmin = { token: string; companyId: string };
async function company() {
  const { job, company, adminToken, instantAdmin, dailyAdmin } = await openJob(bed.t.db, {
    isVideoOptional: true,
    isFirstJob: true,
  });
  return {
    job,
    admin: { token: adminToken, companyId: company.id } as TAdmin,
    adminEmails: [instantAdmin.email, dailyAdmin.email],
  };
}
const create = (admin: TAdmin, body: Record<string, unknown>) =>
  asMember(bed.t.app, admin, 'POST', '/api/webhooks', body);
async function webhook(admin: TAdmin, path: string, events = ['job.closed']) {
  const res = await create(admin, { url: `${bed.receiver.url}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; secret: string };
}
const closeJob = (admin: TAdmin, jobId: string, status = 'closed') =>
  asMember(bed.t.app, admin, 'PATCH', `/api/job/${jobId}/status`, { status });
const at = (path: string) => bed.receiver.received.filter((r) => r.path === path);
const headersOf = (r: TReceived) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
const log = async (admin: TAdmin, id: string) =>
  (await asMember(bed.t.app, admin, 'GET', `/api/webhooks/${id}/deliveries`)).json().data as {
    _id: string;
    eventId: string;
    eventType: string;
    state: string;
    attempts: { attempt: number; statusCode: number | null; error: string | null; response: string }[];
  }[];

describe('retries', () => {
  it('retries after a failure with back-off, and delivers once the receiver is back (same webhook-id)', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/flaky');
    let up = false;
    bed.receiver.answer((r) =>
      r.path === '/flaky'
        ? up
          ? { status: 200, body: 'ok' }
          : { status: 503, body: 'down' }
        : { status: 204 },
    );
    await closeJob(admin, job.id);
    const before = Date.now();
    expect((await drain(bed.t.app)).map((d) => d.outcome)).toEqual(['retrying']);
    const [pending] = await bed.t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook._id));
    // The first wait of the schedule is 5 s: nothing goes before then.
    expect(pending!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(4_000);
    expect(await drain(bed.t.app)).toEqual([]);
    up = true;
    await fastForward(bed.t.db);
    expect((await drain(bed.t.app)).map((d) => d.outcome)).toEqual(['succeeded']);
    const got = at('/flaky');
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);
    const [entry] = await log(admin, hook._id);
    expect(entry).toMatchObject({ state: 'succeeded', eventType: 'job.closed' });
    expect(entry!.attempts.map((a) => [a.attempt, a.statusCode, a.response])).toEqual([
      [1, 503, 'down'],
      [2, 200, 'ok'],
    ]);
    bed.receiver.answer(() => ({ status: 204 }));
  });

  it('follows no redirect: a 3xx is a failed attempt and the other address gets nothing', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/moved');
    bed.receiver.answer((r) =>
      r.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 204 },
    );
    await closeJob(admin, job.id);
    expect((await drain(bed.t.app)).map((d) => d.outcome)).toEqual(['retrying']);
    expect(at('/moved')).toHaveLength(1);
    expect(at('/elsewhere')).toHaveLength(0);
    const [entry] = await log(admin, hook._id);
    expect(entry!.attempts[0]).toMatchObject({ statusCode: 302, error: 'Redirects are not followed' });
    bed.receiver.answer(() => ({ status: 204 }));
  });

  it('disables an endpoint failing for three days, with one email to the admins', async () => {
    const { job, admin, adminEmails } = await company();
    const hook = await webhook(admin, '/dead', ['job.closed', 'job.published']);
    bed.receiver.answer((r) => (r.path === '/dead' ? { status: 500 } : { status: 204 }));
    await closeJob(admin, job.id);
    await drain(bed.t.app);
    await closeJob(admin, job.id, 'open');
    await fastForward(bed.t.db);
    // Three days and a minute later, still failing.
    const later = () => new Date(Date.now() + 3 * 24 * 60 * 60_000 + 60_000);
    await drain(bed.t.app, { now: later });
    const [row] = await bed.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook._id));
    expect(row).toMatchObject({ enabled: false, disabledReason: webhookMessages.disabledFailing });
    await closeJob(admin, job.id);
    await fastForward(bed.t.db);
    await drain(bed.t.app, { now: later });
    for (const to of adminEmails) {
      const emails = await bed.t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
      expect(emails.filter((e) => e.subject === 'A webhook was disabled')).toHaveLength(1);
    }
    // The first event's two attempts; the second event, waiting when the endpoint was disabled, and the third,
    // after, were never sent.
    expect(at('/dead').map((r) => JSON.parse(r.body).type)).toEqual(['job.closed', 'job.closed']);
    bed.receiver.answer(() => ({ status: 204 }));
  });
});

describe('addresses', () => {
  it('refuses private addresses not listed in WEBHOOK_ALLOW_PRIVATE, at creation and at delivery', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/private');
    // A second API process of the same installation without the allowance.
    const strict = await buildTestApp(bed.t.database, {});
    try {
      for (const url of [
        `${bed.receiver.url}/x`,
        'https://10.0.0.5/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/',
      ]) {
        const res = await asMember(strict.app, admin, 'POST', '/api/webhooks', {
          url,
          events: ['job.closed'],
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.fields.url).toBe(webhookMessages.addressRefused);
      }
      await closeJob(admin, job.id);
      expect((await drain(strict.app)).map((d) => d.outcome)).toEqual(['retrying']);
      expect(at('/private')).toHaveLength(0);
      const [entry] = await log(admin, hook._id);
      expect(entry!.attempts[0]!.error).toMatch(/not allowed/);
    } finally {
      await strict.app.close();
    }
  });

  it('asks for https, a valid URL and at least one event (400, nothing saved)', async () => {
    const { admin } = await company();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'http://hooks.example.com/x', events: ['job.closed'] }, 'url', webhookMessages.httpsRequired],
      [{ url: 'not a url', events: ['job.closed'] }, 'url', webhookMessages.urlInvalid],
      [{ url: 'ftp://example.com/x', events: ['job.closed'] }, 'url', webhookMessages.urlInvalid],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events', webhookMessages.eventsRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await create(admin, { url: 'https://hooks.example.com/x', events: ['nope'] })).statusCode).toBe(
      400,
    );
    const list = await asMember(bed.t.app, admin, 'GET', '/api/webhooks');
    expect(list.json().data).toEqual([]);
  });
});

describe('secrets', () => {
  it('rotation: both secrets sign during the overlap, then only the new one', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/rotating', ['job.closed', 'job.published']);
    const rotated = await asMember(bed.t.app, admin, 'POST', `/api/webhooks/${hook._id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data as { secret: string; previousSecretExpiresAt: string };
    expect(next.secret).not.toBe(hook.secret);
    expect(new Date(next.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60_000);
    // The list never shows a secret again.
    expect(JSON.stringify((await asMember(bed.t.app, admin, 'GET', '/api/webhooks')).json())).not.toContain(
      'whsec_',
    );
    await closeJob(admin, job.id);
    await drain(bed.t.app);
    const [during] = at('/rotating');
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(hook.secret).verify(during!.body, headersOf(during!))).toMatchObject({
      type: 'job.closed',
    });
    expect(new Webhook(next.secret).verify(during!.body, headersOf(during!))).toMatchObject({
      type: 'job.closed',
    });
    // The overlap is over.
    await bed.t.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, hook._id));
    await closeJob(admin, job.id, 'open');
    await drain(bed.t.app);
    const after = at('/rotating')[1]!;
    expect(() => new Webhook(hook.secret).verify(after.body, headersOf(after))).toThrow();
    expect(new Webhook(next.secret).verify(after.body, headersOf(after))).toMatchObject({
      type: 'job.published',
    });
  });
});

describe('log, redeliver and test events', () => {
  it('redelivers an event with the same webhook-id, and sends a test event', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/log');
    await closeJob(admin, job.id);
    await drain(bed.t.app);
    const [first] = await log(admin, hook._id);
    const again = await asMember(
      bed.t.app,
      admin,
      'POST',
      `/api/webhooks/${hook._id}/deliveries/${first!._id}/redeliver`,
    );
    expect(again.statusCode).toBe(202);
    const test = await asMember(bed.t.app, admin, 'POST', `/api/webhooks/${hook._id}/test`);
    expect(test.statusCode).toBe(202);
    await drain(bed.t.app);
    const got = at('/log');
    expect(got.map((r) => JSON.parse(r.body).type)).toEqual(['job.closed', 'job.closed', 'webhook.test']);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(new Webhook(hook.secret).verify(got[2]!.body, headersOf(got[2]!))).toMatchObject({
      type: 'webhook.test',
    });
    const entries = await log(admin, hook._id);
    expect(entries.map((e) => [e.eventType, e.state, e.attempts.length])).toEqual([
      ['webhook.test', 'succeeded', 1],
      ['job.closed', 'succeeded', 1],
      ['job.closed', 'succeeded', 1],
    ]);
  });

  it('disable and enable: a disabled endpoint gets no new events; delete removes it', async () => {
    const { job, admin } = await company();
    const hook = await webhook(admin, '/toggle', ['job.closed', 'job.published']);
    const off = await asMember(bed.t.app, admin, 'PATCH', `/api/webhooks/${hook._id}`, { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false });
    await closeJob(admin, job.id);
    await drain(bed.t.app);
    expect(at('/toggle')).toHaveLength(0);
    await asMember(bed.t.app, admin, 'PATCH', `/api/webhooks/${hook._id}`, { enabled: true });
    await closeJob(admin, job.id, 'open');
    await drain(bed.t.app);
    expect(at('/toggle').map((r) => JSON.parse(r.body).type)).toEqual(['job.published']);
    expect((await asMember(bed.t.app, admin, 'DELETE', `/api/webhooks/${hook._id}`)).statusCode).toBe(204);
    expect((await asMember(bed.t.app, admin, 'GET', `/api/webhooks/${hook._id}/deliveries`)).statusCode).toBe(
      404,
    );
  });
});

describe('Slack and Teams', () => {
  it('posts Block Kit to Slack and an Adaptive Card to Teams; "ids only" leaves the name out', async () => {
    const { job, admin } = await company();
    const slack = await create(admin, { kind: 'slack', url: `${bed.receiver.url}/slack` });
    const teams = await create(admin, {
      kind: 'teams',
      url: `${bed.receiver.url}/teams`,
      jobId: job.id,
      idsOnly: true,
    });
    expect(slack.statusCode).toBe(201);
    expect(teams.statusCode).toBe(201);
    expect(slack.json().data).toMatchObject({
      secret: null,
      events: ['application.created', 'interview.completed', 'application.status_changed'],
    });
    const applied = await apply(
      bed.t.app,
      job.shortId,
      applyBody({ firstName: 'Katherine', lastName: 'Johnson' }),
    );
    const applicationId = applied.json().data.applicationId as string;
    await drain(bed.t.app);
    const [toSlack] = at('/slack');
    const slackBody = JSON.parse(toSlack!.body);
    expect(slackBody.blocks.map((b: { type: string }) => b.type)).toEqual(['section', 'context']);
    expect(slackBody.blocks[0].text).toEqual({
      type: 'mrkdwn',
      text: '*New application: Katherine Johnson*',
    });
    expect(JSON.stringify(slackBody.blocks[1].elements)).toContain(`Job: ${job.title}`);
    expect(JSON.stringify(slackBody.blocks[1].elements)).toContain(
      `<http://localhost:3000/applications/${job.id}/${applicationId}/view|Open in Hirecast>`,
    );
    const [toTeams] = at('/teams');
    const teamsBody = JSON.parse(toTeams!.body);
    expect(teamsBody).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            body: [
              { type: 'TextBlock', text: `New application: Applicant ${applicationId}` },
              { type: 'TextBlock', text: `Job: Job ${job.id}` },
            ],
            actions: [
              {
                type: 'Action.OpenUrl',
                url: `http://localhost:3000/applications/${job.id}/${applicationId}/view`,
              },
            ],
          },
        },
      ],
    });
    expect(toTeams!.body).not.toContain('Johnson');
    expect(toTeams!.headers['webhook-signature']).toBeUndefined();
    // "Send a test message".
    await asMember(bed.t.app, admin, 'POST', `/api/webhooks/${slack.json().data._id}/test`);
    await drain(bed.t.app);
    expect(JSON.parse(at('/slack')[1]!.body).text).toBe('Hirecast is connected');
  });
});

describe('who may', () => {
  it('admins only (viewer 403); another company gets 404 for the ids', async () => {
    const { admin, job } = await company();
    const hook = await webhook(admin, '/private-to-a');
    const viewer = await memberOf(bed.t.db, admin.companyId, 0);
    const manager = await memberOf(bed.t.db, admin.companyId, 1);
    for (const member of [viewer, manager]) {
      expect((await asMember(bed.t.app, member, 'GET', '/api/webhooks')).statusCode).toBe(403);
      expect(
        (
          await asMember(bed.t.app, member, 'POST', '/api/webhooks', {
            url: `${bed.receiver.url}/v`,
            events: ['job.closed'],
          })
        ).statusCode,
      ).toBe(403);
      expect((await asMember(bed.t.app, member, 'POST', `/api/webhooks/${hook._id}/test`)).statusCode).toBe(
        403,
      );
    }
    const other = await outsider(bed.t.db);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${hook._id}/deliveries`],
      ['PATCH', `/api/webhooks/${hook._id}`],
      ['DELETE', `/api/webhooks/${hook._id}`],
      ['POST', `/api/webhooks/${hook._id}/rotate-secret`],
      ['POST', `/api/webhooks/${hook._id}/test`],
    ] as const) {
      const res = await asMember(
        bed.t.app,
        other,
        method,
        url,
        method === 'PATCH' ? { enabled: false } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their company header with our endpoint: 404 too; nothing changed.
    expect(
      (await asMember(bed.t.app, { token: other.token, companyId: admin.companyId }, 'GET', '/api/webhooks'))
        .statusCode,
    ).toBe(404);
    const [row] = await bed.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook._id));
    expect(row).toMatchObject({ enabled: true });
    // A job of another company cannot be a channel's job.
    const theirs = await openJob(bed.t.db);
    const res = await create(admin, { kind: 'slack', url: `${bed.receiver.url}/s`, jobId: theirs.job.id });
    expect(res.statusCode).toBe(400);
    void job;
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await bed.t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/webhooks', '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver']),
    );
  });
});

import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  applications,
  interviewAnswers,
  interviewSessions,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '@hirecast/db/schema';
import { WEBHOOK_EVENT_TYPES, type TWebhookPayload } from '@hirecast/domain/webhooks';
import { deliveryRequest } from '../../../src/modules/webhooks/delivery.ts';
import { webhookCandidateData } from '../../../src/modules/webhooks/candidate-data.ts';
import { apply, applyBody, manageToken, openJob, uniqueEmail } from '../../support/apply-support.ts';
import { asCandidate, asMember, interviewTokenFor } from '../../support/interview-support.ts';

import { drain, type TReceived, webhookTestBed } from '../../support/webhooks-support.ts';

// Issue 35 items 2 and 4: every event type reaches a receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOW_PRIVATE),
// signed as Standard Webhooks says: the reference verifier (the `standardwebhooks` package) accepts what was
// sent, and refuses a tampered body and an old timestamp. Retries, redirects, rotation, disabling, erasure.

const bed = webhookTestBed();

type TAdmin = { token: string; companyId: string };

async function companyWithJob() {
  const { job, company, adminToken, instantAdmin } = await openJob(bed.t.db, {
    isVideoOptional: true,
    isFirstJob: true,
  });
  const admin: TAdmin = { token: adminToken, companyId: company.id };
  return { job, admin, adminEmail: instantAdmin.email };
}

async function addWebhook(admin: TAdmin, body: Record<string, unknown>) {
  const res = await asMember(bed.t.app, admin, 'POST', '/api/webhooks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; secret: string | null };
}

const headersOf = (r: TReceived) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
const receivedAt = (path: string) => bed.receiver.received.filter((r) => r.path === path);

describe('every event type, signed', () => {
  it('delivers all nine events, each verified by the standardwebhooks reference verifier', async () => {
    const { job, admin } = await companyWithJob();
    // A receiver whose answer repeats what it got (some do): the delivery log keeps its start.
    bed.receiver.answer((r) => ({
      status: 200,
      body: `thanks ${/"lastName":"([^"]*)"/.exec(r.body)?.[1] ?? ''}`,
    }));
    const interview = {
      inApply: false,
      asStage: true,
      questions: [{ prompt: 'Why this café?', answerType: 'text', maxChars: 500, required: true }],
    };
    expect(
      (await asMember(bed.t.app, admin, 'PUT', `/api/job/${job.id}/interview`, interview)).statusCode,
    ).toBe(200);
    const hook = await addWebhook(admin, {
      url: `${bed.receiver.url}/all`,
      events: [...WEBHOOK_EVENT_TYPES],
      description: 'Our ATS',
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

    const status = (s: string) =>
      asMember(bed.t.app, admin, 'PATCH', `/api/job/${job.id}/status`, { status: s });
    expect((await status('closed')).statusCode).toBe(200);
    expect((await status('open')).statusCode).toBe(200);
    const email = uniqueEmail();
    const applied = await apply(
      bed.t.app,
      job.shortId,
      applyBody({ email, firstName: 'Ada', lastName: 'Lovelace' }),
    );
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().data.applicationId as string;
    const manage = await manageToken(bed.t.db, email);
    const base = `/api/job/${job.id}/application/${applicationId}`;
    expect(
      (await asMember(bed.t.app, admin, 'PATCH', `${base}/status`, { data: { status: 'shortlisted' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await asMember(bed.t.app, admin, 'POST', `${base}/interview/invite`, { days: 7 })).statusCode,
    ).toBe(201);
    const token = await interviewTokenFor(bed.t.db, email);
    const [questionId] = (await asCandidate(bed.t.app, 'GET', token))
      .json()
      .data.questions.map((q: { _id: string }) => q._id);
    await asCandidate(bed.t.app, 'POST', `${token}/questions/${questionId}/start`);
    expect(
      (await asCandidate(bed.t.app, 'POST', `${token}/questions/${questionId}/answer`, { text: 'Mornings.' }))
        .statusCode,
    ).toBe(200);
    expect((await asCandidate(bed.t.app, 'POST', `${token}/complete`)).statusCode).toBe(200);
    const [answer] = await bed.t.db
      .select({ id: interviewAnswers.id })
      .from(interviewAnswers)
      .innerJoin(interviewSessions, eq(interviewSessions.id, interviewAnswers.sessionId))
      .where(eq(interviewSessions.applicationId, applicationId));
    expect(
      (
        await asMember(bed.t.app, admin, 'PUT', `${base}/interview/answers/${answer!.id}/rating`, {
          stars: 4,
        })
      ).statusCode,
    ).toBe(200);
    const withdrawn = await bed.t.app.inject({
      method: 'POST',
      url: `/api/public/application/${manage}/withdraw`,
    });
    expect(withdrawn.statusCode).toBe(200);

    expect((await drain(bed.t.app)).every((d) => d.outcome === 'succeeded')).toBe(true);
    // What was sent, and the receiver's answers (which echo it), name the candidate until the erasure.
    const storedText = async () => {
      const events = await bed.t.db
        .select({ id: webhookEvents.id, payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(eq(webhookEvents.applicationId, applicationId));
      const answers = await bed.t.db
        .select({ response: webhookAttempts.response })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookEvents.applicationId, applicationId));
      return { events: JSON.stringify(events), answers: JSON.stringify(answers) };
    };
    expect(await storedText()).toMatchObject({
      events: expect.stringContaining('Lovelace'),
      answers: expect.stringContaining('Lovelace'),
    });
    // The candidate's export lists the outside system that got their data, and when.
    const [application] = await bed.t.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    const shared = await webhookCandidateData.collect({ db: bed.t.db }, application!);
    expect(shared.data).toEqual(
      expect.arrayContaining([
        {
          system: 'Webhook',
          host: new URL(bed.receiver.url).host,
          event: 'application.created',
          sentAt: expect.stringMatching(/^\d{4}-/),
        },
      ]),
    );
    const erased = await asMember(bed.t.app, admin, 'POST', '/api/privacy/applications/erase', {
      applicationIds: [applicationId],
      mode: 'delete',
    });
    expect(erased.json().data).toMatchObject({ erased: 1 });
    await drain(bed.t.app);
    const after = await storedText();
    expect(after.events).not.toMatch(/Lovelace|Ada/);
    expect(after.answers).not.toMatch(/Lovelace|Ada/);

    const got = receivedAt('/all');
    const verifier = new Webhook(hook.secret!);
    const types = got.map((r) => {
      const payload = verifier.verify(r.body, headersOf(r)) as TWebhookPayload;
      expect(payload.version).toBe(1);
      return payload.type;
    });
    expect(new Set(types)).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(types).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    // Each delivery carries its event's id: a receiver drops repeats by it.
    const ids = got.map((r) => String(r.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
    const stored = await bed.t.db.select({ id: webhookEvents.id }).from(webhookEvents);
    expect(ids.every((id) => stored.some((e) => e.id === id))).toBe(true);

    const created = JSON.parse(
      got.find((r) => r.body.includes('"application.created"'))!.body,
    ) as TWebhookPayload;
    expect(created.data).toEqual({
      job: { id: job.id, title: job.title },
      application: {
        id: applicationId,
        jobId: job.id,
        status: 'new',
        candidate: { firstName: 'Ada', lastName: 'Lovelace' },
      },
      links: {
        api: `http://localhost:3000/api/job/${job.id}/application/${applicationId}`,
        app: `http://localhost:3000/applications/${job.id}/${applicationId}/view`,
      },
    });
    const statusChanged = JSON.parse(
      got.find((r) => r.body.includes('status_changed'))!.body,
    ) as TWebhookPayload;
    expect(statusChanged.data).toMatchObject({
      previousStatus: 'new',
      application: { status: 'shortlisted' },
    });
    const erasedEvent = JSON.parse(
      got.find((r) => r.body.includes('application.erased'))!.body,
    ) as TWebhookPayload;
    expect(erasedEvent.data.application).toEqual({ id: applicationId, jobId: job.id, status: 'withdrawn' });
    expect(erasedEvent.data.links).toEqual({});

    // The reference verifier refuses a body changed on the way, and a signature made long ago (a replay).
    const sample = got[0]!;
    expect(() =>
      verifier.verify(sample.body.replace('"version":1', '"version":2'), headersOf(sample)),
    ).toThrow(/signature/i);
    const [event] = await bed.t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, String(sample.headers['webhook-id'])));
    const [endpoint] = await bed.t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook._id));
    const old = deliveryRequest(endpoint!, event!, {
      baseUrl: 'http://localhost:3000',
      now: new Date(Date.now() - 10 * 60_000),
    });
    expect(() => verifier.verify(old.body, old.headers)).toThrow(/too old/i);
    const fresh = deliveryRequest(endpoint!, event!, { baseUrl: 'http://localhost:3000', now: new Date() });
    expect(verifier.verify(fresh.body, fresh.headers)).toMatchObject({ type: event!.type });
  });
});

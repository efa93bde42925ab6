import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { apiKeyMessages } from '@hirecast/domain/api-keys';
import { messages } from '@hirecast/domain/messages';
import { createTestApp } from '../../support/helper.ts';
import { callAs, createApplication, hiringTeam, outsider } from '../../support/applicants-support.ts';
import { callWithKey, createKey } from '../../support/api-keys-support.ts';
import { emailsTo, threeQuestions } from '../../support/interview-support.ts';

// Issue 35 item 1: a key is accepted where a route names a scope it holds, for its own company only; everything
// else refuses it (decision 036).

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
let readOnly: string;
let full: string;

beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
  readOnly = (await createKey(t.app, team.admin, { name: 'Reporting', scopes: ['read'] })).key;
  full = (await createKey(t.app, team.admin, { name: 'Greenhouse sync' })).key;
});
afterAll(async () => t?.close());

const statusUrl = (jobId: string, id: string) => `/api/job/${jobId}/application/${id}/status`;

describe('API key access', () => {
  it('reads within its scope and refuses writes outside it with 403, changing nothing', async () => {
    const a = await createApplication(t.db, team.job);
    const jobs = await callWithKey(t.app, readOnly, { url: '/api/job' });
    expect(jobs.statusCode, jobs.body).toBe(200);
    expect(jobs.json().data.map((j: { _id: string }) => j._id)).toEqual([team.job.id]);
    const list = await callWithKey(t.app, readOnly, { url: `/api/job/${team.job.id}/applications` });
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain(a.id);

    const write = await callWithKey(t.app, readOnly, {
      method: 'PATCH',
      url: statusUrl(team.job.id, a.id),
      payload: { data: { status: 'shortlisted' } },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe(apiKeyMessages.scopeMissing('write'));
    const invite = await callWithKey(t.app, readOnly, {
      method: 'POST',
      url: `/api/job/${team.job.id}/application/${a.id}/interview/invite`,
      payload: {},
    });
    expect(invite.statusCode).toBe(403);
    const applicant = await callAs(t.app, team.admin, { url: `/api/job/candidate/${a.id}` });
    expect(applicant.json().data.status).toBe('new');
  });

  it('writes with the write scope, needs no CSRF header, and records the change under the key name', async () => {
    const a = await createApplication(t.db, team.job);
    const res = await callWithKey(t.app, full, {
      method: 'PATCH',
      url: statusUrl(team.job.id, a.id),
      payload: { data: { status: 'shortlisted' } },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('shortlisted');
    const note = await callWithKey(t.app, full, {
      method: 'POST',
      url: `/api/job/${team.job.id}/application/${a.id}/note`,
      payload: { text: 'Synced from Greenhouse' },
    });
    expect(note.statusCode, note.body).toBe(201);

    const history = await callAs(t.app, team.admin, { url: `/api/history/application/${a.id}` });
    expect(history.json().data[0]).toMatchObject({
      changedBy: 'API key “Greenhouse sync”',
      event: { eventName: 'statusChanged', details: { status: 'shortlisted' } },
    });
    const audit = await callAs(t.app, team.admin, { url: `/api/privacy/application/${a.id}/audit` });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data.items).toContainEqual(
      expect.objectContaining({ action: 'status_change', actorName: 'API key “Greenhouse sync”' }),
    );
  });

  it('manages interviews with the interviews scope only', async () => {
    const interviews = (await createKey(t.app, team.admin, { name: 'Scheduler', scopes: ['interviews'] }))
      .key;
    const url = `/api/job/${team.job.id}/interview`;
    const res = await callWithKey(t.app, interviews, { url });
    expect(res.statusCode, res.body).toBe(200);
    expect((await callWithKey(t.app, readOnly, { url })).statusCode).toBe(403);
    // And nothing else: the interviews scope does not read the applications.
    const list = await callWithKey(t.app, interviews, { url: `/api/job/${team.job.id}/applications` });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(apiKeyMessages.scopeMissing('read'));
  });

  it('invites with the interviews scope; the letter is signed by the admin who made the key', async () => {
    const scheduler = (await createKey(t.app, team.admin, { name: 'Scheduler', scopes: ['interviews'] })).key;
    const job = await createJob(t.db, { companyId: team.company.id, status: 'open', title: 'Roaster' });
    const a = await createApplication(t.db, job);
    const put = await callWithKey(t.app, scheduler, {
      method: 'PUT',
      url: `/api/job/${job.id}/interview`,
      payload: threeQuestions(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const invited = await callWithKey(t.app, scheduler, {
      method: 'POST',
      url: `/api/job/${job.id}/application/${a.id}/interview/invite`,
      payload: { days: 7 },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [letter] = await emailsTo(t.db, a.email);
    expect(letter!.text).toContain('Ada Admin');
    expect(letter!.text).not.toContain('API key');
    expect(letter!.text).not.toContain('api-keys.invalid');
  });

  it("answers 404 for another company's ids, whatever company header it sends", async () => {
    const other = await outsider(t.db);
    const theirJob = await createJob(t.db, { companyId: other.companyId, status: 'open', title: 'Chef' });
    const theirs = await createApplication(t.db, theirJob);
    const calls = [
      { url: `/api/job/${theirJob.id}` },
      { url: `/api/job/${theirJob.id}/applications` },
      { url: `/api/job/candidate/${theirs.id}` },
      {
        method: 'PATCH' as const,
        url: statusUrl(theirJob.id, theirs.id),
        payload: { data: { status: 'hired' } },
      },
      { url: '/api/job', headers: { 'x-company-id': other.companyId } },
    ];
    for (const call of calls) {
      const res = await callWithKey(t.app, full, call);
      expect(res.statusCode, `${call.url} ${res.body}`).toBe(404);
    }
    const row = await callAs(t.app, other, { url: `/api/job/candidate/${theirs.id}` });
    expect(row.json().data.status).toBe('new');
  });

  it('answers 401 to a revoked, expired, unknown or malformed key', async () => {
    const revoked = await createKey(t.app, team.admin, { name: 'Old' });
    await callAs(t.app, team.admin, { method: 'DELETE', url: `/api/api-keys/${revoked.id}` });
    const expired = await createKey(t.app, team.admin, { name: 'Trial' });
    await t.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expired.id));
    const unknown = `hc_live_${'A'.repeat(43)}`;
    for (const key of [revoked.key, expired.key, unknown, 'hc_live_short', `${full}x`]) {
      const res = await callWithKey(t.app, key, { url: '/api/job' });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.message).toBe(apiKeyMessages.invalidKey);
    }
    const garbage = await callWithKey(t.app, 'not-a-key', { url: '/api/job' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error.message).toBe(messages.unauthorized);
  });

  it('is refused by billing, team, privacy administration, settings and key management', async () => {
    const companyId = team.company.id;
    const refused = [
      { url: '/api/billing/subscription' },
      { method: 'POST' as const, url: '/api/billing/cancel', payload: {} },
      { url: `/api/company/${companyId}/team` },
      {
        method: 'POST' as const,
        url: `/api/company/${companyId}/team`,
        payload: { team: { email: 'x@y.com' } },
      },
      { url: '/api/privacy/settings' },
      { url: '/api/privacy/audit' },
      { method: 'POST' as const, url: '/api/privacy/applications/erase', payload: {} },
      { url: `/api/company/${companyId}` },
      { method: 'PATCH' as const, url: `/api/company/${companyId}`, payload: { name: 'Taken over' } },
      { url: '/api/sharing/settings' },
      { url: '/api/api-keys' },
      { method: 'POST' as const, url: '/api/api-keys', payload: { name: 'Another', scopes: ['read'] } },
      { url: '/api/manager/me' },
    ];
    for (const call of refused) {
      const res = await callWithKey(t.app, full, call);
      expect(res.statusCode, `${call.method ?? 'GET'} ${call.url}`).toBe(403);
      expect(res.json().error.message).toBe(apiKeyMessages.notForKeys);
    }
    expect((await callWithKey(t.app, full, { url: '/api/no-such-thing' })).statusCode).toBe(404);
    const names = (await callAs(t.app, team.admin, { url: '/api/api-keys' })).json().data;
    expect(names.map((k: { name: string }) => k.name)).not.toContain('Another');
  });

  it('leaves cookie sessions as they were: a cookie write still needs the CSRF header', async () => {
    const a = await createApplication(t.db, team.job);
    const res = await t.app.inject({
      method: 'PATCH',
      url: statusUrl(team.job.id, a.id),
      cookies: { 'auth-token': team.admin.token },
      headers: { 'x-company-id': team.company.id },
      payload: { data: { status: 'shortlisted' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.crossSiteRefused);
  });
});

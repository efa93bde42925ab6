import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyMessages } from '@hirecast/domain/privacy';
import { VIEW_WINDOW_MINUTES } from '../../../src/lib/privacy-audit.ts';
import { createTestApp } from '../../support/helper.ts';
import { callAs, outsider, type TCall } from '../../support/applicants-support.ts';
import { openJob } from '../../support/apply-support.ts';
import { candidate, memberOf } from '../../support/privacy-support.ts';

// Issue 26: Settings › Privacy (admins only), the preview of unsaved rules, the policy link's validation, the
// audit of who saw what from which address (behind a trusted proxy), its filters and CSV, and tenancy.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Behind a proxy on loopback, as deployed: the audit keeps the forwarded client address.
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

const as = (member: { token: string; companyId: string }, call: TCall, ip = '203.0.113.7') =>
  t.app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: {
      authorization: `Bearer ${member.token}`,
      'x-company-id': member.companyId,
      'x-forwarded-for': ip,
    },
    ...(call.payload !== undefined && { payload: call.payload as object }),
  });

const rules = {
  rejectedMonths: 6,
  inactiveMonths: 12,
  hiredMonths: 24,
  rejectedAction: 'anonymise',
  inactiveAction: 'anonymise',
  hiredAction: 'anonymise',
};

describe('privacy settings', () => {
  it('admins read and save the rules and the policy link; bad input changes nothing', async () => {
    const { company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const initial = await callAs(t.app, admin, { url: '/api/privacy/settings' });
    expect(initial.json().data).toEqual({ ...rules, privacyPolicyUrl: null, timeZone: 'Europe/London' });

    const saved = await callAs(t.app, admin, {
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: {
        ...rules,
        rejectedMonths: 3,
        rejectedAction: 'delete',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      rejectedMonths: 3,
      rejectedAction: 'delete',
      inactiveAction: 'anonymise',
      privacyPolicyUrl: 'https://example.com/privacy',
    });

    for (const bad of [
      { ...rules, rejectedMonths: 0, privacyPolicyUrl: null },
      { ...rules, inactiveMonths: 37, privacyPolicyUrl: null },
      { ...rules, hiredMonths: 2.5, privacyPolicyUrl: null },
      { ...rules, hiredAction: 'shred', privacyPolicyUrl: null },
      { ...rules, privacyPolicyUrl: 'javascript:alert(1)' },
      { ...rules, privacyPolicyUrl: 'not a url' },
    ]) {
      const res = await callAs(t.app, admin, { method: 'PUT', url: '/api/privacy/settings', payload: bad });
      expect(res.statusCode).toBe(400);
    }
    const policy = await callAs(t.app, admin, {
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: { ...rules, privacyPolicyUrl: 'ftp://example.com/x' },
    });
    expect(policy.json().error.fields).toBeDefined();
    expect(JSON.stringify(policy.json())).toContain(privacyMessages.invalidPolicyUrl);
    expect((await callAs(t.app, admin, { url: '/api/privacy/settings' })).json().data).toMatchObject({
      rejectedMonths: 3,
      privacyPolicyUrl: 'https://example.com/privacy',
    });
  });

  it('job managers and viewers cannot read or change them; signed-out callers get 401', async () => {
    const { company } = await openJob(t.db);
    for (const role of [0, 1] as const) {
      const member = await memberOf(t.db, company.id, role);
      for (const call of [
        { url: '/api/privacy/settings' },
        {
          method: 'PUT' as const,
          url: '/api/privacy/settings',
          payload: { ...rules, privacyPolicyUrl: null },
        },
        { method: 'POST' as const, url: '/api/privacy/preview', payload: rules },
        { url: '/api/privacy/audit' },
        { url: '/api/privacy/applications?email=a@example.com' },
      ]) {
        const res = await callAs(t.app, member, call);
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().error.message).toBe(privacyMessages.adminsOnly);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/settings' })).statusCode).toBe(401);
  });

  it('the preview counts what the next run would do under the unsaved rules', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const a = await candidate(t.app, t.db, job);
    await candidate(t.app, t.db, job);
    await callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${a.id}/status`,
      payload: { data: { status: 'rejected' } },
    });
    const preview = (body: object) =>
      callAs(t.app, admin, { method: 'POST', url: '/api/privacy/preview', payload: body });
    // Applied today: nothing is due under any rule of a month or more.
    expect((await preview(rules)).json().data).toEqual({ warn: 0, anonymise: 0, delete: 0 });
    // Backdate both by 40 days: a 1-month rule for rejections would warn one; 1 month for everything, both.
    await t.db.execute(
      (await import('drizzle-orm'))
        .sql`update applications set sent_at = sent_at - interval '40 days', updated_at = updated_at - interval '40 days' where job_id = ${job.id}`,
    );
    await t.db.execute(
      (await import('drizzle-orm'))
        .sql`update application_history set created_at = created_at - interval '40 days' where application_id = ${a.id}`,
    );
    expect((await preview({ ...rules, rejectedMonths: 1 })).json().data).toEqual({
      warn: 1,
      anonymise: 0,
      delete: 0,
    });
    expect(
      (await preview({ ...rules, rejectedMonths: 1, inactiveMonths: 1, inactiveAction: 'delete' })).json()
        .data,
    ).toEqual({ warn: 2, anonymise: 0, delete: 0 });
    expect((await preview({ ...rules, rejectedMonths: 0 })).statusCode).toBe(400);
    // Nothing was saved or sent by a preview.
    expect((await callAs(t.app, admin, { url: '/api/privacy/settings' })).json().data.rejectedMonths).toBe(6);
  });
});

describe('audit', () => {
  it('records views, plays, CV downloads and status changes with who and the client address', async () => {
    const { job, company, adminToken, instantAdmin } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const viewer = await memberOf(t.db, company.id, 0, { firstName: 'Vic', lastName: 'Viewerson' });
    const c = await candidate(t.app, t.db, job, { firstName: 'Grace', lastName: 'Hopper' });
    expect((await as(viewer, { url: `/api/job/candidate/${c.id}` }, '198.51.100.4')).statusCode).toBe(200);
    for (const what of ['video_play', 'cv_download'])
      expect(
        (
          await as(viewer, {
            method: 'POST',
            url: `/api/privacy/application/${c.id}/access`,
            payload: { what },
          })
        ).statusCode,
      ).toBe(204);
    await as(admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${c.id}/status`,
      payload: { data: { status: 'interviewing' } },
    });

    const res = await as(admin, { url: `/api/privacy/application/${c.id}/audit` });
    expect(res.statusCode).toBe(200);
    const viewerName = `${viewer.user.firstName} ${viewer.user.lastName}`;
    const adminName = `${instantAdmin.firstName} ${instantAdmin.lastName}`;
    expect(
      res
        .json()
        .data.items.map((e: { action: string; actorName: string; ip: string; subjectName: string }) => [
          e.action,
          e.actorName,
          e.ip,
          e.subjectName,
        ]),
    ).toEqual([
      ['status_change', adminName, '203.0.113.7', 'Grace Hopper'],
      ['cv_download', viewerName, '203.0.113.7', 'Grace Hopper'],
      ['video_play', viewerName, '203.0.113.7', 'Grace Hopper'],
      ['view', viewerName, '198.51.100.4', 'Grace Hopper'],
    ]);
    // Viewers read the applicant but not the audit.
    expect((await as(viewer, { url: `/api/privacy/application/${c.id}/audit` })).statusCode).toBe(403);

    // The company's list: filters and CSV.
    const views = await as(admin, { url: `/api/privacy/audit?action=view&applicationId=${c.id}` });
    expect(views.json().data).toMatchObject({ total: 1, items: [{ action: 'view', ip: '198.51.100.4' }] });
    const byActor = await as(admin, {
      url: `/api/privacy/audit?actor=${encodeURIComponent(viewer.user.lastName)}`,
    });
    expect(byActor.json().data.total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const none = await as(admin, { url: `/api/privacy/audit?from=2020-01-01&to=2020-12-31` });
    expect(none.json().data.total).toBe(0);
    const csv = await as(admin, { url: `/api/privacy/audit?format=csv&from=${today}&to=${today}` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('privacy audit.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Action,Candidate,Application,By,Address,Details');
    expect(lines.slice(1).filter((l) => l.includes('Viewed applicant,Grace Hopper'))).toHaveLength(1);
    expect(lines).toHaveLength(5);
  });

  it('counts a member reading an applicant again within the view window as the same view', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const viewer = await memberOf(t.db, company.id, 0, { firstName: 'Rea', lastName: 'Reader' });
    const c = await candidate(t.app, t.db, job, { firstName: 'Ada', lastName: 'Byron' });
    const views = async () =>
      (await as(admin, { url: `/api/privacy/audit?action=view&applicationId=${c.id}` })).json().data
        .items as {
        actorName: string;
      }[];
    // The page reads the applicant again on focus and after each change: three reads, one view.
    for (let i = 0; i < 3; i++)
      expect((await as(viewer, { url: `/api/job/candidate/${c.id}` })).statusCode).toBe(200);
    expect((await views()).map((v) => v.actorName)).toEqual(['Rea Reader']);
    // Someone else's read is their own view.
    await as(admin, { url: `/api/job/candidate/${c.id}` });
    expect(await views()).toHaveLength(2);
    // Once the window has passed since the viewer's last view, reading again is a new view.
    const { sql } = await import('drizzle-orm');
    await t.db.execute(
      sql`update privacy_audit_events set created_at = created_at - make_interval(mins => ${VIEW_WINDOW_MINUTES + 1})
          where application_id = ${c.id} and actor_name = 'Rea Reader'`,
    );
    await as(viewer, { url: `/api/job/candidate/${c.id}` });
    expect(await views()).toHaveLength(3);
    expect((await views()).filter((v) => v.actorName === 'Rea Reader')).toHaveLength(2);
  });

  it("erasing keeps the events and drops the person; another company's admin sees none of it", async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const c = await candidate(t.app, t.db, job, { firstName: 'Grace', lastName: 'Hopper' });
    await as(admin, { url: `/api/job/candidate/${c.id}` });
    const other = await outsider(t.db);
    for (const call of [
      { url: `/api/privacy/application/${c.id}/audit` },
      { url: `/api/privacy/application/${c.id}` },
      { method: 'PUT' as const, url: `/api/privacy/application/${c.id}/hold`, payload: { reason: 'x' } },
      {
        method: 'POST' as const,
        url: `/api/privacy/application/${c.id}/access`,
        payload: { what: 'video_play' },
      },
    ])
      expect((await callAs(t.app, other, call)).statusCode, call.url).toBe(404);
    const erase = await callAs(t.app, other, {
      method: 'POST',
      url: '/api/privacy/applications/erase',
      payload: { applicationIds: [c.id], mode: 'delete' },
    });
    expect(erase.json().data).toEqual({ erased: 0, held: 0, missing: 1 });
    expect((await callAs(t.app, other, { url: '/api/privacy/audit' })).json().data.total).toBe(0);

    const anonymised = await as(admin, {
      method: 'POST',
      url: '/api/privacy/applications/erase',
      payload: { applicationIds: [c.id], mode: 'anonymise' },
    });
    expect(anonymised.json().data).toEqual({ erased: 1, held: 0, missing: 0 });
    const events = (await as(admin, { url: `/api/privacy/application/${c.id}/audit` })).json().data.items;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['erasure', 'view']);
    expect(events.every((e: { subjectName: string | null }) => e.subjectName === null)).toBe(true);
    const csv = await as(admin, { url: '/api/privacy/audit?format=csv' });
    expect(csv.body).not.toContain('Grace');
    expect(csv.body).not.toContain(c.email);
    // The applicant page still opens (status and dates), and later views (after the view window) record no
    // person either.
    const { sql } = await import('drizzle-orm');
    await t.db.execute(
      sql`update privacy_audit_events set created_at = created_at - make_interval(mins => ${VIEW_WINDOW_MINUTES + 1})
          where application_id = ${c.id}`,
    );
    await as(admin, { url: `/api/job/candidate/${c.id}` });
    const after = (await as(admin, { url: `/api/privacy/application/${c.id}/audit` })).json().data.items;
    expect(after[0]).toMatchObject({ action: 'view', subjectName: null });
    expect(
      (await as(admin, { url: `/api/privacy/application/${c.id}` })).json().data.anonymisedAt,
    ).not.toBeNull();
  });

  it('the candidate deleting through the private link is recorded without the person', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const c = await candidate(t.app, t.db, job);
    await as(admin, { url: `/api/job/candidate/${c.id}` });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/public/application/${c.token}` })).statusCode,
    ).toBe(204);
    const events = (await as(admin, { url: '/api/privacy/audit' })).json().data.items;
    expect(
      events.map(
        (e: {
          action: string;
          actorName: string;
          applicationId: string | null;
          subjectName: string | null;
        }) => [e.action, e.actorName, e.applicationId, e.subjectName],
      ),
    ).toEqual([
      ['erasure', 'Candidate', null, null],
      ['view', expect.any(String), null, null],
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the privacy routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown; responses?: object }>>;
    };
    const routes = [
      ['/api/privacy/settings', 'get', 'privacy'],
      ['/api/privacy/settings', 'put', 'privacy'],
      ['/api/privacy/preview', 'post', 'privacy'],
      ['/api/privacy/audit', 'get', 'privacy'],
      ['/api/privacy/applications', 'get', 'privacy'],
      ['/api/privacy/applications/export', 'post', 'privacy'],
      ['/api/privacy/applications/erase', 'post', 'privacy'],
      ['/api/privacy/application/{id}', 'get', 'privacy'],
      ['/api/privacy/application/{id}/hold', 'put', 'privacy'],
      ['/api/privacy/application/{id}/hold', 'delete', 'privacy'],
      ['/api/privacy/application/{id}/audit', 'get', 'privacy'],
      ['/api/privacy/application/{id}/access', 'post', 'privacy'],
      ['/api/public/application/{token}/export', 'post', 'public'],
      ['/api/public/data-export/{token}', 'get', 'public'],
      ['/api/public/keep/{token}', 'post', 'public'],
    ] as const;
    for (const [path, method, tag] of routes)
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
    expect(JSON.stringify(paths['/api/privacy/settings']!.put!.requestBody)).toContain('privacyPolicyUrl');
    expect(JSON.stringify(paths['/api/privacy/preview']!.post!.responses)).toContain('warn');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTeamMembers, sessions } from '@hirecast/db/schema';
import { createCompany, createJob } from '@hirecast/db/factories';
import { COOKIE_AUTH } from '@hirecast/domain/constants';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { canonicalOf, jsonLdOf, metaOf, SITE_TEST_ENV, siteDataOf } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

// The web app keeps the session token in the auth-token cookie (apps/web/src/lib/session.ts).
const preview = (id: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/preview/${id}`,
    headers: { accept: 'text/html', ...(token && { cookie: `${COOKIE_AUTH}=${encodeURIComponent(token)}` }) },
  });

// spec 1 §2 /preview/{id}: the job's page for its team, open or closed, marked as a preview.
describe('GET /preview/:id', () => {
  it('shows a member of the company the job, closed too, as a preview that is never indexed', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, {
      companyId: viewer.company.id,
      title: 'Pastry Chef',
      status: 'closed',
    });
    const res = await preview(job.id, viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(metaOf(res.body, 'robots')).toBe('noindex');
    expect(canonicalOf(res.body)).toBeUndefined();
    expect(jsonLdOf(res.body)).toEqual([]);
    const data = siteDataOf(res.body);
    expect(data).toMatchObject({
      kind: 'job',
      preview: true,
      job: { title: 'Pastry Chef', status: 'closed' },
    });
    expect(res.body).toContain('<strong>Preview</strong>');
  });

  it('shows it to a member of the job team who is not in the company', async () => {
    const company = await createCompany(t.db);
    const job = await createJob(t.db, { companyId: company.id, status: 'open' });
    const outsider = await signedInUser(t.db);
    expect((await preview(job.id, outsider.token)).statusCode).toBe(404);
    await t.db.insert(jobTeamMembers).values({
      jobId: job.id,
      companyId: company.id,
      email: outsider.user.email,
      userId: outsider.user.id,
    });
    const res = await preview(job.id, outsider.token);
    expect(res.statusCode).toBe(200);
    expect(siteDataOf(res.body)).toMatchObject({ kind: 'job', preview: true });
  });

  it('sends an anonymous visitor (or one with an expired or revoked session) to sign in, coming back after', async () => {
    const member = await companyWithMember(t.db);
    const job = await createJob(t.db, { companyId: member.company.id });
    for (const token of [undefined, 'not-a-session-token']) {
      const res = await preview(job.id, token);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/sign-in?redirect=/preview/${job.id}`);
    }
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user.id));
    expect((await preview(job.id, member.token)).statusCode).toBe(302);
  });

  it("answers the 404 page for another company's job, an unknown id or a malformed one", async () => {
    const mine = await companyWithMember(t.db);
    const theirs = await createJob(t.db, { companyId: (await createCompany(t.db)).id, status: 'open' });
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await preview(id, mine.token);
      expect(res.statusCode).toBe(404);
      expect(siteDataOf(res.body).kind).toBe('not-found');
      expect(res.body).not.toContain(theirs.title);
    }
  });
});

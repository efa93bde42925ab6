import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { hashToken, newToken } from '../../../src/lib/tokens.ts';
import { createTestApp } from '../../support/helper.ts';
import { metaOf, openJob, SITE_TEST_ENV, siteDataOf } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

// Issue 5 item 3: the candidate's private page behind the emailed link.
describe('GET /application/:token', () => {
  async function application(status = 'new') {
    const { job, company } = await openJob(t.db, { title: 'Line Cook' });
    const token = newToken();
    const [row] = await t.db
      .insert(applications)
      .values({
        jobId: job.id,
        companyId: company.id,
        status,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada-${randomUUID()}@example.com`,
        manageTokenHash: hashToken(token),
      })
      .returning();
    return { token, row: row!, company };
  }

  it('shows the candidate their application, never cached, indexed or passed on as a referrer', async () => {
    const { token, row, company } = await application();
    const res = await get(`/application/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(metaOf(res.body, 'robots')).toBe('noindex');
    const data = siteDataOf(res.body);
    expect(data).toMatchObject({
      kind: 'application',
      application: {
        _id: row.id,
        status: 'new',
        firstName: 'Ada',
        job: { title: 'Line Cook', companyName: company.name },
      },
    });
    expect(res.body).toContain('Line Cook');
  });

  it('withdraws through the plain form (no scripts) and shows the page again with the new status', async () => {
    const { token, row } = await application();
    const res = await t.app.inject({
      method: 'POST',
      url: `/application/${token}/withdraw`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/application/${token}`);
    const page = await get(`/application/${token}`);
    expect(siteDataOf(page.body)).toMatchObject({ application: { _id: row.id, status: 'withdrawn' } });
    expect(page.body).toContain(applyMessages.withdrawn);
    // Again changes nothing; a token that matches nothing gets the 404 page.
    const again = await t.app.inject({ method: 'POST', url: `/application/${token}/withdraw` });
    expect(again.statusCode).toBe(303);
    const unknown = await t.app.inject({ method: 'POST', url: `/application/${newToken()}/withdraw` });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the 404 page with the spec message for a token that matches nothing', async () => {
    await application();
    for (const token of [newToken(), 'x'.repeat(90)]) {
      const res = await get(`/application/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body).toContain(applyMessages.linkInvalid404);
      expect(siteDataOf(res.body).kind).toBe('not-found');
    }
  });
});

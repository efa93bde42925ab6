import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { privacyMessages } from '@hirecast/domain/privacy';
import { buildExport } from '../../../src/modules/privacy/export.ts';
import { createTestApp } from '../../support/helper.ts';
import { callAs } from '../../support/applicants-support.ts';
import { openJob, pdfBytes } from '../../support/apply-support.ts';
import { candidate, downloadFromEmail, memberOf } from '../../support/privacy-support.ts';
import { siteDataOf, titleOf } from '../../support/site-support.ts';

// Issue 26 item 3: "Download my data" from the private link, the subject access request of an admin, and the
// expiring emailed link. The ZIP is opened and every part checked, and nothing of another candidate is in it.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

describe('data export', () => {
  it('the candidate downloads everything held about them, and nothing of anyone else', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const grace = await candidate(t.app, t.db, job, { firstName: 'Grace', lastName: 'Hopper' });
    const alan = await candidate(t.app, t.db, job, { firstName: 'Alan', lastName: 'Turing' });
    await callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${grace.id}/status`,
      payload: { data: { status: 'shortlisted' } },
    });
    await callAs(t.app, admin, {
      method: 'POST',
      url: `/api/job/${job.id}/application/${grace.id}/note`,
      payload: { text: 'Strong answers.' },
    });

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/public/application/${grace.token}/export`,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data.message).toBe(privacyMessages.exportRequested);
    await buildExport(t.app.ctx, asked.json().data.exportId);
    const { zip } = await downloadFromEmail(t.app, t.db, grace.email);

    expect([...zip.keys()].sort()).toEqual([
      'application-1/cv/my_cv.pdf',
      'application-1/video/introduction.mp4',
      'data.json',
    ]);
    expect(zip.get('application-1/cv/my_cv.pdf')!.equals(pdfBytes(4096))).toBe(true);
    expect(zip.get('application-1/video/introduction.mp4')!.length).toBe(8192);
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.company).toBe(company.name);
    const [held] = data.applications;
    expect(held.application).toMatchObject({
      id: grace.id,
      job: job.title,
      status: 'shortlisted',
      details: { firstName: 'Grace', lastName: 'Hopper', email: grace.email },
      answers: { experience: [], education: [] },
      cvFileName: 'my cv.pdf',
    });
    expect(held.activity.statuses).toEqual([
      { status: 'shortlisted', by: expect.any(String), at: expect.any(String) },
    ]);
    expect(held.activity.notes).toEqual([
      { text: 'Strong answers.', isFeedback: false, at: expect.any(String) },
    ]);
    expect(held.emails.map((e: { subject: string }) => e.subject)).toEqual([
      expect.stringContaining(job.title), // the confirmation
    ]);
    expect(held.consents).toMatchObject({ givenAt: expect.any(String), renewals: [], legalHold: null });
    expect(held.applicationFiles).toEqual([
      'application-1/cv/my_cv.pdf',
      'application-1/video/introduction.mp4',
    ]);
    // Nothing of the other candidate of the same job.
    const everything = [...zip.values()].map((b) => b.toString('latin1')).join('\n');
    for (const value of [alan.email, 'Turing', alan.id]) expect(everything).not.toContain(value);

    // The export is in the audit, by the candidate.
    const audit = await callAs(t.app, admin, { url: `/api/privacy/application/${grace.id}/audit` });
    expect(
      audit.json().data.items.map((e: { action: string; actorName: string }) => [e.action, e.actorName]),
    ).toContainEqual(['export', 'Candidate']);
  });

  it('the link expires; expired and unknown links answer 404 with the message', async () => {
    const { job, company } = await openJob(t.db);
    const c = await candidate(t.app, t.db, job);
    const asked = await t.app.inject({ method: 'POST', url: `/api/public/application/${c.token}/export` });
    const exportId = asked.json().data.exportId as string;
    // Asking again at once gives the export under way, not a second one.
    const again = await t.app.inject({ method: 'POST', url: `/api/public/application/${c.token}/export` });
    expect(again.json().data.exportId).toBe(exportId);
    await buildExport(t.app.ctx, exportId);
    const { path, download, page } = await downloadFromEmail(t.app, t.db, c.email);
    // Issue 33 item 7: the emailed link's page is the candidate site's, in the company's frame.
    expect(titleOf(page)).toBe('Your data is ready to download | Hirecast');
    expect(siteDataOf(page)).toMatchObject({
      kind: 'data-export',
      brand: { name: company.name },
      outcome: { state: 'ready', downloadUrl: download },
    });
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    for (const url of [
      download,
      '/api/public/data-export/' + 'a'.repeat(43),
      '/api/public/data-export/short',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(privacyMessages.exportLinkInvalid);
    }
    // The page of an expired link says so, still under the company's name; an unknown one without it.
    const expired = await t.app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(404);
    expect(expired.headers['cache-control']).toBe('no-store');
    expect(expired.body).toContain(privacyMessages.exportLinkInvalid);
    expect(siteDataOf(expired.body)).toMatchObject({
      brand: { name: company.name },
      outcome: { state: 'invalid' },
    });
    const unknown = await t.app.inject({ method: 'GET', url: `/data-export/${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(siteDataOf(unknown.body)).toMatchObject({ brand: null, outcome: { state: 'invalid' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/public/application/${'x'.repeat(43)}/export`,
    });
    expect(bad.statusCode).toBe(404);
  });

  it("an admin exports every application of one email address across the company's jobs (admins only)", async () => {
    const { job, company, adminToken, instantAdmin } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const second = await createJob(t.db, {
      companyId: company.id,
      status: 'open',
      publishedAt: new Date(),
      isVideoOptional: false,
    });
    const email = `sar-${Date.now()}@example-test.com`;
    const first = await candidate(t.app, t.db, job, { email, firstName: 'Rosalind', lastName: 'Franklin' });
    const other = await candidate(t.app, t.db, second, {
      email,
      firstName: 'Rosalind',
      lastName: 'Franklin',
    });
    const someoneElse = await candidate(t.app, t.db, second);

    const found = await callAs(t.app, admin, {
      url: `/api/privacy/applications?email=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(found.statusCode).toBe(200);
    expect(
      found
        .json()
        .data.map((a: { _id: string }) => a._id)
        .sort(),
    ).toEqual([first.id, other.id].sort());

    for (const role of [0, 1] as const) {
      const member = await memberOf(t.db, company.id, role);
      const refused = await callAs(t.app, member, {
        method: 'POST',
        url: '/api/privacy/applications/export',
        payload: { applicationIds: [first.id] },
      });
      expect(refused.statusCode).toBe(403);
    }
    const asked = await callAs(t.app, admin, {
      method: 'POST',
      url: '/api/privacy/applications/export',
      payload: { applicationIds: [first.id, other.id] },
    });
    expect(asked.statusCode).toBe(202);
    await buildExport(t.app.ctx, asked.json().data.exportId);
    const { zip, email: letter } = await downloadFromEmail(t.app, t.db, instantAdmin.email);
    // Issue 33 item 10: the admin's letter says whose export it is.
    expect(letter.subject).toBe('Data export of Rosalind Franklin is ready');
    expect(letter.text).toContain(`everything held about Rosalind Franklin (${email}), 2 applications`);
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.applications.map((a: { application: { id: string } }) => a.application.id).sort()).toEqual(
      [first.id, other.id].sort(),
    );
    expect([...zip.keys()].filter((k) => k.endsWith('.pdf'))).toHaveLength(2);
    expect([...zip.values()].map((b) => b.toString('latin1')).join('')).not.toContain(someoneElse.email);

    // Another company's application is not found (tenancy), and nothing is queued.
    const outsider = await openJob(t.db);
    const theirs = await candidate(t.app, t.db, outsider.job);
    const cross = await callAs(t.app, admin, {
      method: 'POST',
      url: '/api/privacy/applications/export',
      payload: { applicationIds: [theirs.id] },
    });
    expect(cross.statusCode).toBe(404);
  });
});

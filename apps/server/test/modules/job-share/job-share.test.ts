import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, outboxEmails } from '@hirecast/db/schema';
import { addMember, createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { attachmentHeader, csvLine, csvValue } from '../../../src/modules/job-share/csv.ts';
import { SHARE_CLOSED_MESSAGE } from '../../../src/modules/job-share/service.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

type TActor = { token: string; company: { id: string }; user: { id: string } };
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name = 'friend') => `${name}-${++n}@share-test.com`;
const headers = (actor: TActor) => ({ ...bearer(actor.token), 'x-company-id': actor.company.id });
const share = (actor: TActor, jobId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/job/${jobId}/share/email`,
    headers: headers(actor),
    payload: payload as object,
  });
const exportCsv = (actor: TActor, jobId: string) =>
  t.app.inject({ method: 'POST', url: `/api/job/${jobId}/submitted-emails/csv`, headers: headers(actor) });
const emailsTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

async function setup(role: 0 | 1 | 2 = 2, status: 'open' | 'closed' = 'open') {
  const actor = await companyWithMember(t.db, role);
  const companyName = `Bean & Leaf ${++n}`;
  await t.db.update(companies).set({ name: companyName }).where(eq(companies.id, actor.company.id));
  const job = await createJob(t.db, {
    companyId: actor.company.id,
    title: 'Barista <Lead>',
    status,
    location: { city: 'Newcastle upon Tyne', country: 'United Kingdom' },
  });
  return { actor, job, companyName };
}

describe('POST /api/job/:id/share/email', () => {
  it("emails each recipient the job's share link with the sender's id and the escaped message", async () => {
    const { actor, job, companyName } = await setup();
    const to = [uniqueEmail(), uniqueEmail()];
    const companySlug = companyName.toLowerCase().replace(' & ', '-and-').replace(' ', '-');
    const res = await share(actor, job.id, {
      to: [` ${to[0]!.toUpperCase()} `, to[1]],
      message: 'Thought of you <b>!</b>',
      username: 'Sam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Sent' } });
    for (const address of to) {
      const [mail] = await emailsTo(address);
      expect(mail!.subject).toBe('Sam shared a job with you: Barista <Lead>');
      const link = `http://localhost:3000/job/newcastle-upon-tyne/${companySlug}/barista-lead-${job.shortId}?utm_source=${actor.user.id}&utm_campaign=share-reward&utm_medium=employer-app`;
      expect(mail!.text).toContain(link);
      expect(mail!.text).toContain('Thought of you <b>!</b>');
      expect(mail!.html).toContain('Thought of you &lt;b&gt;!&lt;/b&gt;');
      expect(mail!.html).toContain('Barista &lt;Lead&gt;');
      expect(mail!.html).not.toContain('<b>!');
    }
  });

  it('refuses a Viewer with 403 and sends nothing (spec 1 §6: viewers are read-only)', async () => {
    const { actor, job } = await setup(0);
    const to = uniqueEmail();
    const res = await share(actor, job.id, { to: [to] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(jobMessages.viewerCannotShare);
    expect(await emailsTo(to)).toEqual([]);
  });

  it('refuses to share a closed job: its share link is disabled (spec 1 §4)', async () => {
    const { actor, job } = await setup(2, 'closed');
    const to = uniqueEmail();
    const res = await share(actor, job.id, { to: [to] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SHARE_CLOSED_MESSAGE);
    expect(await emailsTo(to)).toEqual([]);
  });

  it.each([
    ['four recipients', { to: ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com'] }],
    ['no recipient', { to: [] }],
    ['an address over 40 characters', { to: [`${'a'.repeat(30)}@example.com`] }],
    ['an invalid address', { to: ['nope'] }],
    ['a duplicate address', { to: ['same@x.com', 'SAME@x.com'] }, jobMessages.duplicateEmail],
    ['a message over 300 characters', { to: ['ok@x.com'], message: 'm'.repeat(301) }],
    ['an unknown field', { to: ['ok@x.com'], bcc: 'x@x.com' }],
  ])('answers 400 to %s and sends nothing', async (_name, payload, message?: string) => {
    const { actor, job } = await setup();
    const before = (await t.db.select().from(outboxEmails)).length;
    const res = await share(actor, job.id, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await t.db.select().from(outboxEmails)).length).toBe(before);
  });

  it("answers 404 for another company's job and 401 when signed out", async () => {
    const { job } = await setup();
    const outsider = await companyWithMember(t.db, 2);
    const to = uniqueEmail();
    expect((await share(outsider, job.id, { to: [to] })).statusCode).toBe(404);
    expect((await share(outsider, 'nope', { to: [to] })).statusCode).toBe(404);
    expect(await emailsTo(to)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/job/${job.id}/share/email`, payload: { to: [to] } }))
        .statusCode,
    ).toBe(401);
  });

  it('limits one user to 30 shares an hour', async () => {
    const { actor, job } = await setup();
    for (let i = 0; i < 30; i++)
      expect((await share(actor, job.id, { to: [uniqueEmail('bulk')] })).statusCode).toBe(200);
    expect((await share(actor, job.id, { to: [uniqueEmail('bulk')] })).statusCode).toBe(429);
  });
});

describe('POST /api/job/:id/submitted-emails/csv', () => {
  it("downloads '{title} emails.csv' with the header (applications arrive with the applicants issue)", async () => {
    const { actor, job } = await setup(1);
    const res = await exportCsv(actor, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Barista <Lead> emails.csv"; filename*=UTF-8''Barista%20%3CLead%3E%20emails.csv`,
    );
    expect(res.body).toBe('email,name,status,submitted_at\r\n');
  });

  it("refuses Viewers and answers 404 for another company's job", async () => {
    const { actor, job } = await setup(0);
    const refused = await exportCsv(actor, job.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(jobMessages.viewerCannotEdit);
    const outsider = await companyWithMember(t.db, 2);
    expect((await exportCsv(outsider, job.id)).statusCode).toBe(404);
    const member = await signedInUser(t.db);
    await addMember(t.db, { companyId: outsider.company.id, userId: member.user.id, role: 2 });
    expect((await exportCsv({ ...member, company: outsider.company }, job.id)).statusCode).toBe(404);
  });
});

describe('CSV values', () => {
  it('quotes separators and defeats formula injection', () => {
    expect(csvValue('plain@example.com')).toBe('plain@example.com');
    expect(csvValue('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvValue('say "hi"')).toBe('"say ""hi"""');
    expect(csvValue('line\nbreak')).toBe('"line\nbreak"');
    for (const evil of ['=HYPERLINK("x")', '+1+1', '-2', '@SUM(A1)', '\tcmd'])
      expect(csvValue(evil).replace(/^"/, '')[0]).toBe("'");
    expect(csvValue('=1,2')).toBe(`"'=1,2"`);
    expect(csvValue(null)).toBe('');
    expect(csvValue(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvLine(['a', 'b,c', 3])).toBe('a,"b,c",3');
  });

  it('keeps the file name readable and safe in the header', () => {
    expect(attachmentHeader('Café "Chef" (O\'Neil) emails.csv')).toBe(
      `attachment; filename="Caf_ _Chef_ (O'Neil) emails.csv"; filename*=UTF-8''Caf%C3%A9%20%22Chef%22%20%28O%27Neil%29%20emails.csv`,
    );
  });
});

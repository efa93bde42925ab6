import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from '@hirecast/db/schema';
import { createUser } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../support/helper.ts';
import { signUpBody } from '../support/accounts-support.ts';
import { apply, applyBody, openCandidateUpload, openJob, snapshot } from '../support/apply-support.ts';
import { jobApi, jobRow, validJob } from '../support/jobs-support.ts';
import { companyWithMember } from '../support/sessions.ts';

// Issue 12: U+0000 and lone surrogates reached PostgreSQL (text and jsonb refuse both) and answered 500 on
// dozens of routes. One check refuses them with a 400 wherever they come: body, query, route params, tus
// metadata. Rate limits are off so that every attempt reaches the check.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const BAD = { nul: 'a\u0000b', surrogate: 'a\ud800b', lowSurrogate: '\udc00' };
const refused = { code: 'VALIDATION', message: messages.textUnstorable };
const countOf = async (table: typeof users | typeof outboxEmails) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe.each(Object.entries(BAD))('a string with %s', (_name, bad) => {
  it('is refused on sign-in, sign-up and forgot password, nothing written', async () => {
    const user = await createUser(t.db);
    const [usersBefore, emailsBefore] = [await countOf(users), await countOf(outboxEmails)];
    const calls = [
      { url: '/api/manager/signin/email', payload: { email: user.email, password: `pass${bad}word` } },
      { url: '/api/manager/signup/email', payload: signUpBody({ firstName: `Ada${bad}` }) },
      { url: '/api/manager/signup/email', payload: signUpBody({ email: `x${bad}@acme-test.com` }) },
      { url: '/api/manager/forgot/password', payload: { email: `${user.email}${bad}` } },
    ];
    for (const { url, payload } of calls) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject(refused);
    }
    expect(await countOf(users)).toBe(usersBefore);
    expect(await countOf(outboxEmails)).toBe(emailsBefore);
  });

  it('is refused in a public application, whatever the field, nothing written', async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const before = await snapshot(t.db, job.id);
    for (const overrides of [{ firstName: bad }, { lastName: `x${bad}` }, { email: `a${bad}@example.com` }]) {
      const res = await apply(t.app, job.shortId, applyBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        ...refused,
        fields: { [Object.keys(overrides)[0]!]: refused.message },
      });
    }
    expect(await snapshot(t.db, job.id)).toEqual(before);
  });

  it('is refused in a job PATCH, even inside the description, and the job is unchanged', async () => {
    const admin = await companyWithMember(t.db);
    const jobs = jobApi(t.app);
    const id = (await jobs.create(admin, validJob())).json().data._id as string;
    const before = await jobRow(t.db, id);
    for (const payload of [
      { title: `Chef ${bad}` },
      { description: { ops: [{ insert: `Cook${bad}\n` }] } },
      { description: { ops: [{ insert: 'Cook', attributes: { [`bold${bad}`]: true } }] } },
    ]) {
      const res = await jobs.patch(admin, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject(refused);
    }
    expect(await jobRow(t.db, id)).toEqual(before);
  });
});

describe('query strings and route params', () => {
  it('refuse a NUL in a query string', async () => {
    const admin = await companyWithMember(t.db);
    for (const url of ['/api/job?search=a%00b', '/api/dev/mailbox?to=a%00b', '/api/geocode?q=Lon%00don']) {
      const res = await t.app.inject({
        url,
        headers: { ...bearer(admin.token), 'x-company-id': admin.company.id },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject(refused);
    }
  });

  it('refuse a NUL in a route param: public job, candidate link, invitation', async () => {
    for (const url of [
      '/api/public/job/ab%00cd',
      '/api/public/application/tok%00en',
      '/api/manager/invite/co%00de',
      '/application/tok%00en',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('refuse a NUL in the metadata of a candidate upload (tus)', async () => {
    const { job } = await openJob(t.db);
    for (const input of [
      { shortId: `${job.shortId}\u0000` },
      { shortId: job.shortId, filename: 'in\u0000tro.mp4' },
    ]) {
      const res = await openCandidateUpload(t.app, { size: 1000, ...input });
      expect(res.statusCode).toBe(400);
    }
    // The same job and a clean name still open an upload.
    expect((await openCandidateUpload(t.app, { shortId: job.shortId, size: 1000 })).statusCode).toBe(201);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyMessages } from '@hirecast/domain/application';
import { createTestApp } from '../../support/helper.ts';
import {
  apply,
  applicationRow,
  applyBody,
  openJob,
  snapshot,
  uniqueEmail,
} from '../../support/apply-support.ts';

// Every rule of the apply request, each refused with its exact message and nothing written.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

let job: Awaited<ReturnType<typeof openJob>>['job'];
beforeEach(async () => {
  ({ job } = await openJob(t.db, { isVideoOptional: true }));
});

const long = (n: number) => 'x'.repeat(n);
const experience = (overrides: Record<string, unknown> = {}) => ({
  title: 'Cook',
  employer: 'Bistro',
  startDate: '2020-01',
  endDate: '2021-06',
  ...overrides,
});
const education = (overrides: Record<string, unknown> = {}) => ({
  field: 'Cooking',
  school: 'Culinary school',
  startDate: '2015-09',
  endDate: '2018-06',
  ...overrides,
});

/** Applies and expects a refusal; the database must be as it was. */
async function refused(payload: unknown, shortId = job.shortId, jobId = job.id) {
  const before = await snapshot(t.db, jobId);
  const res = await apply(t.app, shortId, payload);
  expect(await snapshot(t.db, jobId)).toEqual(before);
  return res;
}

describe('apply: field limits', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['first name missing', { firstName: undefined }, 'firstName', applyMessages.firstNameRequired],
    ['first name blank', { firstName: '   ' }, 'firstName', applyMessages.firstNameRequired],
    ['first name of 36 characters', { firstName: long(36) }, 'firstName', applyMessages.nameTooLong],
    ['last name missing', { lastName: '' }, 'lastName', applyMessages.lastNameRequired],
    ['last name of 36 characters', { lastName: long(36) }, 'lastName', applyMessages.nameTooLong],
    ['email missing', { email: '' }, 'email', applyMessages.emailRequired],
    ['email without a domain', { email: 'grace@' }, 'email', applyMessages.emailInvalid],
    ['email of 101 characters', { email: `${long(89)}@example.com` }, 'email', applyMessages.emailInvalid],
    ['position of 91 characters', { position: long(91) }, 'position', applyMessages.tooLong],
    ['location of 121 characters', { location: long(121) }, 'location', applyMessages.tooLong],
    [
      'social link that is not a link',
      { socialNetworkLink: 'my profile' },
      'socialNetworkLink',
      applyMessages.linkInvalid,
    ],
    [
      'social link of 501 characters',
      { socialNetworkLink: `https://example.com/${long(481)}` },
      'socialNetworkLink',
      applyMessages.linkInvalid,
    ],
    ['answer of 2001 characters', { customQuestion: long(2001) }, 'customQuestion', applyMessages.tooLong],
    ['consent missing', { consent: undefined }, 'consent', applyMessages.consentRequired],
    ['consent refused', { consent: false }, 'consent', applyMessages.consentRequired],
    [
      'experience title of 121 characters',
      { experience: [experience({ title: long(121) })] },
      'experience.0.title',
      applyMessages.tooLong,
    ],
    [
      'experience without an employer',
      { experience: [experience({ employer: ' ' })] },
      'experience.0.employer',
      'Please enter the employer',
    ],
    [
      'experience with a start date that is not a month',
      { experience: [experience({ startDate: 'Jan 2020' })] },
      'experience.0.startDate',
      applyMessages.dateInvalid,
    ],
    [
      'experience ending before it starts',
      { experience: [experience({ startDate: '2021-01', endDate: '2020-12' })] },
      'experience.0.endDate',
      applyMessages.endBeforeStart,
    ],
    [
      'experience info of 2001 characters',
      { experience: [experience({ info: long(2001) })] },
      'experience.0.info',
      applyMessages.tooLong,
    ],
    [
      'education without a field of study',
      { education: [education({ field: '' })] },
      'education.0.field',
      'Please enter the field of study',
    ],
    [
      'education degree of 121 characters',
      { education: [education({ degree: long(121) })] },
      'education.0.degree',
      applyMessages.tooLong,
    ],
    [
      'education with an end date that is neither a month nor present',
      { education: [education({ endDate: 'now' })] },
      'education.0.endDate',
      applyMessages.dateInvalid,
    ],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
    const res = await refused(applyBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses more than 20 experience or education entries', async () => {
    for (const field of ['experience', 'education'] as const) {
      const item = field === 'experience' ? experience() : education();
      const res = await refused(applyBody({ [field]: Array.from({ length: 21 }, () => item) }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
  });

  it('refuses an over-long session id, CV name and file references', async () => {
    for (const overrides of [
      { sessionId: long(65) },
      { cv: { key: 'uploads/x.pdf', fileName: long(201) } },
      { cv: { key: long(301), fileName: 'cv.pdf' } },
      { video: { uploadId: long(201) } },
    ]) {
      expect((await refused(applyBody(overrides))).statusCode).toBe(400);
    }
  });

  it('accepts the longest allowed values and present as an end date', async () => {
    const email = `${long(88)}@example.com`;
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({
        firstName: long(35),
        lastName: long(35),
        email,
        position: long(90),
        location: long(120),
        socialNetworkLink: `https://example.com/${long(480)}`,
        experience: Array.from({ length: 20 }, () => experience({ endDate: 'present', info: long(2000) })),
        education: Array.from({ length: 20 }, () => education({ degree: long(120) })),
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(email).toHaveLength(100);
  });
});

describe('apply: the job', () => {
  it('answers 404 for an unknown job and a malformed id', async () => {
    for (const shortId of ['Zz9Zz9Zz', 'not-a-short-id']) {
      const res = await refused(applyBody(), shortId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: applyMessages.jobNotFound });
    }
  });

  it('answers 409 for a closed job', async () => {
    const closed = (await openJob(t.db, { status: 'closed' })).job;
    const res = await refused(applyBody(), closed.shortId, closed.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: applyMessages.jobClosed });
  });

  it('answers 409 for a job that sends candidates to its own application page', async () => {
    const elsewhere = (
      await openJob(t.db, {
        customApplication: true,
        customApplicationUrl: 'https://careers.example.com/apply',
      })
    ).job;
    const res = await refused(applyBody(), elsewhere.shortId, elsewhere.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: applyMessages.applyElsewhere });
  });

  it('requires the video unless the job makes it optional', async () => {
    const strict = (await openJob(t.db, { isVideoOptional: false })).job;
    const res = await refused(applyBody(), strict.shortId, strict.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: applyMessages.videoRequired,
      fields: { video: applyMessages.videoRequired },
    });
  });

  it('requires an answer when the job asks a custom question', async () => {
    const asking = (await openJob(t.db, { isVideoOptional: true, customQuestion: 'When could you start?' }))
      .job;
    for (const customQuestion of [undefined, '   ']) {
      const res = await refused(applyBody({ customQuestion }), asking.shortId, asking.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION',
        message: applyMessages.answerRequired,
        fields: { customQuestion: applyMessages.answerRequired },
      });
    }
  });

  it('names both missing answers at once', async () => {
    const strict = (await openJob(t.db, { isVideoOptional: false, customQuestion: 'Why?' })).job;
    const res = await refused(applyBody(), strict.shortId, strict.id);
    expect(res.json().error.fields).toEqual({
      video: applyMessages.videoRequired,
      customQuestion: applyMessages.answerRequired,
    });
  });
});

describe('apply: the same email twice', () => {
  it('keeps the first application unchanged and answers the duplicate message', async () => {
    const email = uniqueEmail();
    const first = await apply(t.app, job.shortId, applyBody({ email, position: 'Chef' }));
    expect(first.statusCode).toBe(201);
    const rowsBefore = await snapshot(t.db, job.id);
    const original = await applicationRow(t.db, first.json().data.applicationId);

    const second = await apply(
      t.app,
      job.shortId,
      applyBody({ email: email.toUpperCase(), firstName: 'Other', position: 'Waiter' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'CONFLICT', message: applyMessages.duplicate });
    expect(await applicationRow(t.db, first.json().data.applicationId)).toEqual(original);
    expect(await snapshot(t.db, job.id)).toEqual(rowsBefore);
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const email = uniqueEmail();
    const before = await snapshot(t.db, job.id);
    const results = await Promise.all(
      ['First', 'Second', 'Third'].map((firstName) =>
        apply(t.app, job.shortId, applyBody({ email, firstName })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const after = await snapshot(t.db, job.id);
    expect(after.applications).toBe(before.applications + 1);
    expect(after.submitted).toBe(before.submitted + 1);
  });

  it('lets the same email apply for another job', async () => {
    const email = uniqueEmail();
    const other = (await openJob(t.db, { isVideoOptional: true })).job;
    expect((await apply(t.app, job.shortId, applyBody({ email }))).statusCode).toBe(201);
    expect((await apply(t.app, other.shortId, applyBody({ email }))).statusCode).toBe(201);
  });
});

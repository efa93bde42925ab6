import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createCompany } from '@hirecast/db/factories';
import { ZApplicant } from '@hirecast/domain/application';
import { bearer, createTestApp } from '../../support/helper.ts';
import { apply, applyBody, openJob, pdfBytes, putCandidateFile } from '../../support/apply-support.ts';
import { signedInUser } from '../../support/sessions.ts';

// spec 2 §7 GET /job/candidate/{id}: the employer reads one application with signed file URLs.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', QUEUE_INPROCESS: 'false' });
});
afterAll(() => t.close());

const read = (token: string, companyId: string, id: string) =>
  t.app.inject({ url: `/api/job/candidate/${id}`, headers: { ...bearer(token), 'x-company-id': companyId } });

describe('GET /api/job/candidate/:id', () => {
  it('answers the application of the company, with the CV to open, to any role', async () => {
    const { company, job, adminToken } = await openJob(t.db, {
      isVideoOptional: true,
      customQuestion: 'Start?',
    });
    const cv = await putCandidateFile(t.app, job.shortId, pdfBytes());
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({
        email: 'ada@example-test.com',
        position: 'Barista',
        customQuestion: 'Next month',
        cv: { key: cv, fileName: 'ada.pdf' },
        experience: [{ title: 'Barista', employer: 'Cafe', startDate: '2021-03', endDate: 'present' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.applicationId as string;

    const viewer = await signedInUser(t.db);
    await addMember(t.db, { companyId: company.id, userId: viewer.user.id, role: 0 });
    for (const token of [adminToken, viewer.token]) {
      const answer = await read(token, company.id, id);
      expect(answer.statusCode).toBe(200);
      const applicant = ZApplicant.parse(answer.json().data);
      expect(applicant).toMatchObject({
        _id: id,
        _job: job.id,
        status: 'new',
        _profile: { customQuestion: 'Next month' },
      });
      expect(applicant._profile._user.email).toBe('ada@example-test.com');
      expect(applicant._profile.experience[0]).toMatchObject({ employer: 'Cafe', endDate: 'present' });
      expect(applicant._profile._introduction).toBeNull();
      const pdf = applicant._profile.personalInfo.pdfCvUrl!;
      const file = await t.app.inject({ url: new URL(pdf).pathname + new URL(pdf).search });
      expect(file.statusCode).toBe(200);
      expect(file.body.startsWith('%PDF-')).toBe(true);
    }
  });

  it('answers 404 to another company and for ids that cannot exist', async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const res = await apply(t.app, job.shortId, applyBody());
    const id = res.json().data.applicationId as string;
    const other = await signedInUser(t.db);
    const otherCompany = await createCompany(t.db);
    await addMember(t.db, { companyId: otherCompany.id, userId: other.user.id, role: 2 });
    expect((await read(other.token, otherCompany.id, id)).statusCode).toBe(404);
    expect((await read(other.token, otherCompany.id, 'nope')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/job/candidate/${id}` })).statusCode).toBe(401);
  });
});
